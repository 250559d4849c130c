import { Group, NativeSelect, NumberInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { fieldError } from '../../ui/field-error';
import type { PlanValues } from './item-plan';
import { STATUS_TEXT } from './pulse-text';

const STATUSES = Object.entries(STATUS_TEXT).map(([value, label]) => ({ value, label }));

/**
 * The plan of an item (or of several added at once): status, orders a day, price, target DRR, manager, comment and the
 * plan's days. A refusal of the service shows at its field: `errorPath` is how the answer names them (`items.0.` on an add).
 */
export function PlanFields<T>({
  form,
  error,
  errorPath = '',
}: {
  form: UseFormReturnType<PlanValues, T>;
  error: unknown;
  errorPath?: string;
}) {
  const apiError = (field: keyof PlanValues) => fieldError(error, `${errorPath}${field}`);
  const input = (field: keyof PlanValues) => {
    const props = form.getInputProps(field);
    return { ...props, error: props.error ?? apiError(field) };
  };
  return (
    <>
      <Group align="flex-start">
        <NativeSelect label="Статус" data={STATUSES} {...input('status')} />
        <NumberInput label="План заказов в день" min={0} allowDecimal={false} w={170} {...input('planOrdersPerDay')} />
        <NumberInput label="Плановая цена, ₽" min={1} allowDecimal={false} w={150} {...input('planPrice')} />
        <NumberInput label="Целевой ДРР, %" min={0} max={100} decimalScale={2} decimalSeparator="," w={140} {...input('targetDrrPct')} />
      </Group>
      <Group align="flex-start">
        <TextInput label="Менеджер" maxLength={100} {...input('manager')} />
        <TextInput type="date" label="Начало плана" {...input('dateFrom')} />
        <TextInput type="date" label="Конец плана" {...input('dateTo')} />
      </Group>
      <Textarea label="Комментарий" maxLength={500} autosize minRows={1} {...input('comment')} />
    </>
  );
}
