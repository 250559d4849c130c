import { Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { FormPanel } from '../../ui/FormPanel';
import { SearchSelect } from '../../ui/SearchSelect';
import { useStoredForm } from '../../ui/use-stored-form';
import { adsQueries, useSaveBudget } from './ads-queries';
import { ACTION_TEXT, Budget, budgetFieldsOf, budgetFormErrors, budgetValuesOf, NEW_BUDGET_VALUES } from './budget-form';

const ACTIONS = Object.entries(ACTION_TEXT).map(([value, label]) => ({ value, label }));

/** A new limit of a campaign, or a change of `editing` (whose campaign stays). */
export function BudgetForm({ mpAccountId, editing, onDone }: { mpAccountId: string; editing: Budget | null; onDone: () => void }) {
  const form = useStoredForm({
    stored: editing && budgetValuesOf(editing),
    newValues: NEW_BUDGET_VALUES,
    fieldsOf: budgetFieldsOf,
    validate: budgetFormErrors,
  });
  const save = useSaveBudget(mpAccountId);
  const { values, errors } = form;
  const submit = form.submit(() => save.mutate({ ...form.toSave(editing?.id), advertId: Number(values.advertId) }, { onSuccess: onDone }));

  return (
    <FormPanel title={editing ? `Лимит кампании № ${editing.advertId}` : 'Новый лимит'} onCancel={onDone}>
      <ApiForm
        onSubmit={submit}
        error={save.error}
        pending={save.isPending}
        canSubmit={form.canSave}
        submitLabel={editing ? 'Сохранить лимит' : 'Создать лимит'}
      >
        {!editing && (
          <SearchSelect
            label="Кампания"
            placeholder="Название или номер кампании"
            options={(search) => adsQueries.campaignChoices(mpAccountId, search)}
            {...form.inputProps('advertId')}
            value={values.advertId === '' ? null : String(values.advertId)}
            onChange={(value) => form.set('advertId')(value ?? '')}
            error={errors.advertId ?? fieldError(save.error, 'advertId')}
          />
        )}
        <Group align="flex-start" grow>
          <NumberInput
            label="Дневной лимит, ₽"
            min={1}
            allowDecimal={false}
            {...form.inputProps('dailyLimitRub')}
            error={errors.dailyLimitRub ?? fieldError(save.error, 'dailyLimitRub')}
          />
          <NumberInput
            label="Лимит за период, ₽"
            min={1}
            allowDecimal={false}
            {...form.inputProps('periodLimitRub')}
            error={fieldError(save.error, 'periodLimitRub')}
          />
          <TextInput
            label="Первый день периода"
            type="date"
            {...form.inputProps('periodStartDate')}
            error={errors.periodStartDate ?? fieldError(save.error, 'periodStartDate')}
          />
        </Group>
        <NativeSelect label="Когда лимит достигнут" data={ACTIONS} {...form.inputProps('onLimitAction')} />
      </ApiForm>
    </FormPanel>
  );
}
