import { Alert, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Radio, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { useSaveRule } from './repricer-queries';
import { RewriteConfirmation } from './RewriteConfirmation';
import {
  FieldChange,
  FORM_OPERATORS,
  FORM_PERCENT_MAX,
  FORM_PERCENT_MIN,
  formErrors,
  formValuesOf,
  isOutsideForm,
  METRIC_OPTIONS,
  NEW_RULE_VALUES,
  ruleChanges,
  ruleFieldsOf,
  RuleFormValues,
} from './rule-form';
import type { Rule } from './rule-text';

const SCOPES = [
  { value: 'sku', label: 'Один товар', input: 'nmID товара' },
  { value: 'list', label: 'Список товаров', input: 'nmID товаров через запятую' },
  { value: 'brand', label: 'Бренд', input: 'Бренд, как на маркетплейсе' },
] as const;

const PRICE_BOUNDS = [
  { field: 'minPrice', label: 'Цена не ниже, ₽' },
  { field: 'maxPrice', label: 'Цена не выше, ₽' },
] as const;

/**
 * A new rule, or a change of `editing`, in the form's narrower set (spec: engine rules 8 and 9). A rule the API stored
 * outside that set is rewritten by the save: the rewrite is shown field by field and saved only once confirmed.
 */
export function RuleForm({ mpAccountId, editing, onDone }: { mpAccountId: string; editing: Rule | null; onDone: () => void }) {
  const [values, setValues] = useState<RuleFormValues>(() => (editing ? formValuesOf(editing) : NEW_RULE_VALUES));
  const [checked, setChecked] = useState(false);
  const [rewrite, setRewrite] = useState<FieldChange[] | null>(null);
  const save = useSaveRule(mpAccountId);
  const set =
    <K extends keyof RuleFormValues>(key: K) =>
    (value: RuleFormValues[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setRewrite(null);
    };
  const errors = checked ? formErrors(values) : {};
  const outside = editing !== null && isOutsideForm(editing);
  const send = () => save.mutate({ id: editing?.id, fields: ruleFieldsOf(values) }, { onSuccess: onDone });
  const submit = () => {
    setChecked(true);
    if (Object.keys(formErrors(values)).length) return;
    if (editing && isOutsideForm(editing)) setRewrite(ruleChanges(editing, ruleFieldsOf(values)));
    else send();
  };
  const scope = SCOPES.find((entry) => entry.value === values.scope)!;

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{editing ? `Правило «${editing.name}»` : 'Новое правило'}</Title>
        {editing && (
          <Button variant="subtle" onClick={onDone}>
            Отменить изменение
          </Button>
        )}
      </Group>
      {outside && (
        <Alert color="yellow" mb="sm" title="Правило создано через API вне набора формы">
          Форма меняет цену только в процентах от {FORM_PERCENT_MIN} до {FORM_PERCENT_MAX} и сравнивает только «больше», «меньше», «равно»:
          при сохранении правило будет переписано, изменения покажутся перед сохранением.
        </Alert>
      )}
      <ApiForm
        onSubmit={submit}
        error={save.error}
        pending={save.isPending}
        submitLabel={editing ? 'Сохранить правило' : 'Создать правило'}
      >
        <TextInput
          label="Название правила"
          required
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={fieldError(save.error, 'name')}
        />
        <Group align="flex-start" grow>
          <NativeSelect
            label="Показатель"
            data={METRIC_OPTIONS}
            value={values.metricLabel}
            onChange={(e) => set('metricLabel')(e.currentTarget.value as RuleFormValues['metricLabel'])}
          />
          <NativeSelect
            label="Сравнение"
            data={FORM_OPERATORS}
            value={values.operator}
            onChange={(e) => set('operator')(e.currentTarget.value as RuleFormValues['operator'])}
          />
          <NumberInput
            label="Порог"
            value={values.threshold}
            onChange={set('threshold')}
            error={errors.threshold ?? fieldError(save.error, 'conditionValue')}
          />
        </Group>
        <Text size="xs" c="dimmed">
          Условие срабатывает, только когда запуск получает показатель товара (запуск через API). Ручной запуск и запуск по расписанию
          показателей не передают.
        </Text>
        <Group align="flex-end" grow>
          <Radio.Group label="Цену" value={values.direction} onChange={(value) => set('direction')(value as RuleFormValues['direction'])}>
            <Group mt="xs">
              <Radio value="lower" label="Снизить" />
              <Radio value="raise" label="Повысить" />
            </Group>
          </Radio.Group>
          <NumberInput
            label="На сколько процентов"
            min={FORM_PERCENT_MIN}
            max={FORM_PERCENT_MAX}
            suffix=" %"
            value={values.percent}
            onChange={set('percent')}
            error={errors.percent ?? fieldError(save.error, 'actionValue')}
          />
          {PRICE_BOUNDS.map(({ field, label }) => (
            <NumberInput
              key={field}
              label={label}
              min={1}
              allowDecimal={false}
              value={values[field]}
              onChange={set(field)}
              error={fieldError(save.error, field)}
            />
          ))}
        </Group>
        <Group align="flex-start" grow>
          <NativeSelect
            label="Товары"
            data={SCOPES.map(({ value, label }) => ({ value, label }))}
            value={values.scope}
            onChange={(e) => set('scope')(e.currentTarget.value as RuleFormValues['scope'])}
          />
          <TextInput
            label={scope.input}
            required
            value={values.scopeValue}
            onChange={(e) => set('scopeValue')(e.currentTarget.value)}
            error={fieldError(save.error, 'scopeValue')}
          />
        </Group>
        <Checkbox label="Правило включено" checked={values.isActive} onChange={(e) => set('isActive')(e.currentTarget.checked)} />
        {rewrite && <RewriteConfirmation changes={rewrite} pending={save.isPending} onConfirm={send} onCancel={() => setRewrite(null)} />}
      </ApiForm>
    </Paper>
  );
}
