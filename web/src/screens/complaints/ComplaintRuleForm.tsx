import { Button, Checkbox, Group, NativeSelect, NumberInput, Paper, Radio, TextInput, Title } from '@mantine/core';
import { useState } from 'react';

import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import {
  type ComplaintRule,
  complaintRuleFieldsOf,
  type ComplaintRuleFormValues,
  complaintRuleValuesOf,
  NEW_COMPLAINT_RULE,
  RATING_OPTIONS,
} from './complaint-rule-form';
import { useComplaintReasons, useSaveComplaintRule } from './complaints-queries';

/** A new complaint rule (the default reason preselected), or a change of `editing`. */
export function ComplaintRuleForm({
  mpAccountId,
  editing,
  onDone,
}: {
  mpAccountId: string;
  editing: ComplaintRule | null;
  onDone: () => void;
}) {
  const [values, setValues] = useState<ComplaintRuleFormValues>(() => (editing ? complaintRuleValuesOf(editing) : NEW_COMPLAINT_RULE));
  const reasons = useComplaintReasons();
  const save = useSaveComplaintRule(mpAccountId);
  const set =
    <K extends keyof ComplaintRuleFormValues>(key: K) =>
    (value: ComplaintRuleFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const submit = () => save.mutate({ id: editing?.id, fields: complaintRuleFieldsOf(values) }, { onSuccess: onDone });

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{editing ? 'Изменение правила жалобы' : 'Новое правило жалобы'}</Title>
        <Button variant="subtle" onClick={onDone}>
          Отменить
        </Button>
      </Group>
      <ApiForm
        onSubmit={submit}
        error={save.error ?? reasons.error}
        pending={save.isPending}
        submitLabel={editing ? 'Сохранить правило' : 'Создать правило'}
      >
        <Group align="flex-start" grow>
          <NativeSelect
            label="Оценка не выше"
            data={RATING_OPTIONS}
            value={values.ratingMax}
            onChange={(e) => set('ratingMax')(e.currentTarget.value)}
            error={fieldError(save.error, 'ratingMax')}
          />
          <TextInput
            label="Бренд"
            description="Пусто — любой бренд"
            value={values.brand}
            onChange={(e) => set('brand')(e.currentTarget.value)}
            error={fieldError(save.error, 'brand')}
          />
          <NumberInput
            label="Приоритет"
            description="Меньше — важнее"
            min={0}
            allowDecimal={false}
            value={values.priority}
            onChange={set('priority')}
            error={fieldError(save.error, 'priority')}
          />
        </Group>
        <NativeSelect
          label="Причина жалобы"
          data={(reasons.data?.items ?? []).map((reason) => ({ value: reason.code, label: reason.label }))}
          value={values.reason}
          onChange={(e) => set('reason')(e.currentTarget.value as ComplaintRuleFormValues['reason'])}
          error={fieldError(save.error, 'reason')}
        />
        <Radio.Group
          label="Подготовленная жалоба"
          value={values.replyMode}
          onChange={(value) => set('replyMode')(value as ComplaintRuleFormValues['replyMode'])}
        >
          <Group mt="xs">
            <Radio value="manual" label="Черновик для проверки" />
            <Radio value="auto" label="Сразу готова к подаче" />
          </Group>
        </Radio.Group>
        <Checkbox label="Правило включено" checked={values.isActive} onChange={(e) => set('isActive')(e.currentTarget.checked)} />
      </ApiForm>
    </Paper>
  );
}
