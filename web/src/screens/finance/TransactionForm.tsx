import { Group, NativeSelect, TextInput } from '@mantine/core';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { FormPanel } from '../../ui/FormPanel';
import { moscowToday } from '../../ui/moscow-days';
import { useStoredForm } from '../../ui/use-stored-form';
import { useSaveTransaction } from './finance-queries';
import { LEDGER_TYPE_TEXT } from './finance-text';
import {
  newTransactionValues,
  type Transaction,
  transactionFieldsOf,
  transactionFormErrors,
  transactionValuesOf,
} from './transaction-form';

const TYPES = Object.entries(LEDGER_TYPE_TEXT).map(([value, label]) => ({ value, label }));

/** A new manual operation, or a change of `editing` (a manual one): only the changed fields are sent. */
export function TransactionForm({
  mpAccountId,
  editing,
  onDone,
}: {
  mpAccountId: string;
  editing: Transaction | null;
  onDone: () => void;
}) {
  const form = useStoredForm({
    stored: editing && transactionValuesOf(editing),
    newValues: newTransactionValues(moscowToday()),
    fieldsOf: transactionFieldsOf,
    validate: transactionFormErrors,
  });
  const save = useSaveTransaction(mpAccountId);
  const submit = form.submit(() => save.mutate(form.toSave(editing?.id), { onSuccess: onDone }));
  const { errors } = form;

  return (
    <FormPanel title={editing ? 'Изменение операции' : 'Новая операция'} onCancel={onDone}>
      <ApiForm
        onSubmit={submit}
        error={save.error}
        pending={save.isPending}
        canSubmit={form.canSave}
        submitLabel={editing ? 'Сохранить операцию' : 'Добавить операцию'}
      >
        <Group align="flex-start" grow>
          <TextInput label="День" type="date" {...form.inputProps('date')} error={errors.date ?? fieldError(save.error, 'date')} />
          <TextInput
            label="Сумма, ₽"
            description="Расход — со знаком минус"
            inputMode="decimal"
            {...form.inputProps('amount')}
            error={errors.amount ?? fieldError(save.error, 'amount')}
          />
          <NativeSelect label="Вид операции" data={TYPES} {...form.inputProps('type')} error={fieldError(save.error, 'type')} />
          <TextInput
            label="nmID товара"
            inputMode="numeric"
            {...form.inputProps('nmId')}
            error={errors.nmId ?? fieldError(save.error, 'nmId')}
          />
        </Group>
        <TextInput label="Комментарий" maxLength={500} {...form.inputProps('comment')} error={fieldError(save.error, 'comment')} />
      </ApiForm>
    </FormPanel>
  );
}
