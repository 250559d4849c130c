import { Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** A day range (YYYY-MM-DD, both days included): of a list of imported rows, of a report to import, of the pulse. */
export interface DayRange {
  from: string;
  to: string;
}

/** The two day fields, «с» and «по», of a form over a day range, named after what they filter; the form shows its refusals itself. */
export function DayRangeInputs<T>({ form, of }: { form: UseFormReturnType<DayRange, T>; of: string }) {
  return (
    <Group>
      <TextInput type="date" label="С" aria-label={`${of}: с`} {...form.getInputProps('from', { withError: false })} />
      <TextInput type="date" label="По" aria-label={`${of}: по`} {...form.getInputProps('to', { withError: false })} />
    </Group>
  );
}
