import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Radio, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { useStoredForm } from '../../ui/use-stored-form';
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
  rewrittenFields,
  RULE_FIELDS_TOGETHER,
  ruleChanges,
  ruleFieldsOf,
} from './rule-form';
import type { Rule } from './rule-text';

/** Where the service's API is described, for a run with metrics. */
const API_DOCS_URL = '/api/docs';

/** Spec: engine rule 4. Said before saving: every rule of the form has a condition, which only a run with metrics can meet. */
function MetricsOnlyNote() {
  return (
    <Alert color="blue" role="note" title="Правило сработает только при запуске с показателями">
      Условие проверяется, только когда запуск получает показатель товара — это запуск через API (
      <Anchor href={API_DOCS_URL} target="_blank">
        описание API
      </Anchor>
      ). Кнопка «Запустить сейчас» и запуск по расписанию показателей не передают: при них правило не сработает.
    </Alert>
  );
}

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
  const [rewrite, setRewrite] = useState<FieldChange[] | null>(null);
  const form = useStoredForm({
    stored: editing && formValuesOf(editing),
    newValues: NEW_RULE_VALUES,
    fieldsOf: ruleFieldsOf,
    together: RULE_FIELDS_TOGETHER,
    validate: formErrors,
    rewritten: editing ? rewrittenFields(editing) : [],
    onEdit: () => setRewrite(null),
  });
  const save = useSaveRule(mpAccountId);
  const { values, errors } = form;
  const outside = editing !== null && isOutsideForm(editing);
  const send = () => save.mutate(form.toSave(editing?.id), { onSuccess: onDone });
  const submit = form.submit(() => (outside ? setRewrite(ruleChanges(editing, form.fields)) : send()));
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
        canSubmit={form.canSave}
        submitLabel={editing ? 'Сохранить правило' : 'Создать правило'}
      >
        <TextInput label="Название правила" required {...form.inputProps('name')} error={fieldError(save.error, 'name')} />
        <Group align="flex-start" grow>
          <NativeSelect label="Показатель" data={METRIC_OPTIONS} {...form.inputProps('metricLabel')} />
          <NativeSelect label="Сравнение" data={FORM_OPERATORS} {...form.inputProps('operator')} />
          <NumberInput
            label="Порог"
            {...form.inputProps('threshold')}
            error={errors.threshold ?? fieldError(save.error, 'conditionValue')}
          />
        </Group>
        <MetricsOnlyNote />
        <Group align="flex-end" grow>
          <Radio.Group label="Цену" {...form.inputProps('direction')}>
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
            {...form.inputProps('percent')}
            error={errors.percent ?? fieldError(save.error, 'actionValue')}
          />
          {PRICE_BOUNDS.map(({ field, label }) => (
            <NumberInput
              key={field}
              label={label}
              min={1}
              allowDecimal={false}
              {...form.inputProps(field)}
              error={fieldError(save.error, field)}
            />
          ))}
        </Group>
        <Group align="flex-start" grow>
          <NativeSelect label="Товары" data={SCOPES.map(({ value, label }) => ({ value, label }))} {...form.inputProps('scope')} />
          <TextInput label={scope.input} required {...form.inputProps('scopeValue')} error={fieldError(save.error, 'scopeValue')} />
        </Group>
        <Checkbox label="Правило включено" {...form.checkboxProps('isActive')} />
        {rewrite && <RewriteConfirmation changes={rewrite} pending={save.isPending} onConfirm={send} onCancel={() => setRewrite(null)} />}
      </ApiForm>
    </Paper>
  );
}
