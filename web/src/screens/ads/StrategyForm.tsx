import { Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { useSaveStrategy } from './ads-queries';
import {
  GOAL_TEXT,
  NEW_STRATEGY_VALUES,
  Strategy,
  strategyFieldsOf,
  StrategyFormErrors,
  StrategyFormValues,
  strategyValuesOf,
} from './strategy-form';

const GOALS = Object.entries(GOAL_TEXT).map(([value, label]) => ({ value, label }));

/** A new strategy, or a change of `editing`; bids are typed in roubles and saved in kopecks. */
export function StrategyForm({ mpAccountId, editing, onDone }: { mpAccountId: string; editing: Strategy | null; onDone: () => void }) {
  const [values, setValues] = useState<StrategyFormValues>(() => (editing ? strategyValuesOf(editing) : NEW_STRATEGY_VALUES));
  const [errors, setErrors] = useState<StrategyFormErrors>({});
  const save = useSaveStrategy(mpAccountId);
  const set =
    <K extends keyof StrategyFormValues>(key: K) =>
    (value: StrategyFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const checked = strategyFieldsOf(values);
    setErrors('errors' in checked ? checked.errors : {});
    if ('fields' in checked) save.mutate({ id: editing?.id, fields: checked.fields }, { onSuccess: onDone });
  };
  const text = (field: keyof StrategyFormErrors & keyof StrategyFormValues, apiField: string, label: string) => (
    <TextInput
      label={label}
      inputMode="decimal"
      value={values[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      error={errors[field] ?? fieldError(save.error, apiField)}
    />
  );

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{editing ? `Стратегия «${editing.name}»` : 'Новая стратегия'}</Title>
        <Button variant="subtle" onClick={onDone}>
          Отменить
        </Button>
      </Group>
      <ApiForm
        onSubmit={submit}
        error={save.error}
        pending={save.isPending}
        submitLabel={editing ? 'Сохранить стратегию' : 'Создать стратегию'}
      >
        <Group align="flex-start" grow>
          <TextInput
            label="Название стратегии"
            required
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={fieldError(save.error, 'name')}
          />
          <NativeSelect
            label="Цель"
            data={GOALS}
            value={values.goal}
            onChange={(e) => set('goal')(e.currentTarget.value as StrategyFormValues['goal'])}
          />
        </Group>
        <Group align="flex-start" grow>
          {values.goal === 'cpc' && text('targetCpcRub', 'targetCpc', 'Целевая цена клика, ₽')}
          {values.goal === 'drr' && (
            <NumberInput
              label="Целевая доля рекламных расходов, %"
              min={0.01}
              max={1000}
              decimalScale={2}
              value={values.targetDrrPct}
              onChange={set('targetDrrPct')}
              error={fieldError(save.error, 'targetDrrPct')}
            />
          )}
          {values.goal === 'position' && (
            <NumberInput
              label="Целевая позиция"
              min={1}
              max={1000}
              allowDecimal={false}
              value={values.targetPosition}
              onChange={set('targetPosition')}
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
          value={values.campaigns}
          onChange={(e) => set('campaigns')(e.currentTarget.value)}
          error={errors.campaigns ?? fieldError(save.error, 'campaigns')}
        />
        <Checkbox label="Стратегия включена" checked={values.isActive} onChange={(e) => set('isActive')(e.currentTarget.checked)} />
      </ApiForm>
    </Paper>
  );
}
