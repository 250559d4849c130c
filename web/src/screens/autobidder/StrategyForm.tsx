import { Checkbox, Group, NativeSelect, NumberInput, Text, TextInput } from '@mantine/core';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { FormPanel } from '../../ui/FormPanel';
import { useStoredForm } from '../../ui/use-stored-form';
import { useSaveStrategy } from './ads-queries';
import {
  GOAL_TEXT,
  NEW_STRATEGY_VALUES,
  Strategy,
  strategyFieldsOf,
  StrategyFormErrors,
  strategyFormErrors,
  StrategyFormValues,
  strategyValuesOf,
} from './strategy-form';

const GOALS = Object.entries(GOAL_TEXT).map(([value, label]) => ({ value, label }));

/** A new strategy, or a change of `editing`; bids are typed in roubles and saved in kopecks. */
export function StrategyForm({ mpAccountId, editing, onDone }: { mpAccountId: string; editing: Strategy | null; onDone: () => void }) {
  const form = useStoredForm({
    stored: editing && strategyValuesOf(editing),
    newValues: NEW_STRATEGY_VALUES,
    fieldsOf: strategyFieldsOf,
    validate: strategyFormErrors,
  });
  const save = useSaveStrategy(mpAccountId);
  const { values, errors } = form;
  const submit = form.submit(() => save.mutate(form.toSave(editing?.id), { onSuccess: onDone }));
  const text = (field: keyof StrategyFormErrors & keyof StrategyFormValues, apiField: string, label: string) => (
    <TextInput label={label} inputMode="decimal" {...form.inputProps(field)} error={errors[field] ?? fieldError(save.error, apiField)} />
  );

  return (
    <FormPanel title={editing ? `Стратегия «${editing.name}»` : 'Новая стратегия'} onCancel={onDone}>
      <ApiForm
        onSubmit={submit}
        error={save.error}
        pending={save.isPending}
        canSubmit={form.canSave}
        submitLabel={editing ? 'Сохранить стратегию' : 'Создать стратегию'}
      >
        <Group align="flex-start" grow>
          <TextInput label="Название стратегии" required {...form.inputProps('name')} error={fieldError(save.error, 'name')} />
          <NativeSelect label="Цель" data={GOALS} {...form.inputProps('goal')} />
        </Group>
        <Group align="flex-start" grow>
          {values.goal === 'cpc' && text('targetCpcRub', 'targetCpc', 'Целевая цена клика, ₽')}
          {values.goal === 'drr' && (
            <NumberInput
              label="Целевая доля рекламных расходов, %"
              min={0.01}
              max={1000}
              decimalScale={2}
              {...form.inputProps('targetDrrPct')}
              error={fieldError(save.error, 'targetDrrPct')}
            />
          )}
          {values.goal === 'position' && (
            <NumberInput
              label="Целевая позиция"
              min={1}
              max={1000}
              allowDecimal={false}
              {...form.inputProps('targetPosition')}
              error={fieldError(save.error, 'targetPosition')}
            />
          )}
          {text('minBidRub', 'minBid', 'Минимальная ставка, ₽')}
          {text('maxBidRub', 'maxBid', 'Максимальная ставка, ₽')}
        </Group>
        {values.goal !== 'cpc' && (
          <Text size="sm" c="dimmed">
            С этой целью движок ставки не пересчитывает, только держит их между минимальной и максимальной.
          </Text>
        )}
        <TextInput
          label="Кампании стратегии (номера через запятую; пусто — все кампании без стратегии)"
          {...form.inputProps('campaigns')}
          error={errors.campaigns ?? fieldError(save.error, 'campaigns')}
        />
        <Checkbox label="Стратегия включена" {...form.checkboxProps('isActive')} />
      </ApiForm>
    </FormPanel>
  );
}
