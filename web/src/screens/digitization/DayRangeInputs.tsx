import { Group, TextInput } from '@mantine/core';

import type { DayRange } from './imports-queries';

/** Two day fields, «с» and «по», named after what they filter. */
export function DayRangeInputs({ value, onChange, of }: { value: DayRange; onChange: (range: DayRange) => void; of: string }) {
  return (
    <Group>
      <TextInput
        type="date"
        label="С"
        aria-label={`${of}: с`}
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="По"
        aria-label={`${of}: по`}
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
      />
    </Group>
  );
}
