import { Checkbox, Group, NativeSelect, NumberInput, Radio, TextInput } from '@mantine/core';

import { ApiForm } from '../../../ui/ApiForm';
import { fieldError } from '../../../ui/field-error';
import { FormPanel } from '../../../ui/FormPanel';
import { useStoredForm } from '../../../ui/use-stored-form';
import {
  type ComplaintRule,
  complaintRuleFieldsOf,
  complaintRuleValuesOf,
  NEW_COMPLAINT_RULE,
  RATING_OPTIONS,
} from './complaint-rule-form';
import { useComplaintReasons, useSaveComplaintRule } from './complaints-queries';

/** A new complaint rule (the default reason preselected), or a change of `editing`; the reason waits for the reasons' list. */
export function ComplaintRuleForm({
  mpAccountId,
  editing,
  onDone,
}: {
  mpAccountId: string;
  editing: ComplaintRule | null;
  onDone: () => void;
}) {
  const form = useStoredForm({
    stored: editing && complaintRuleValuesOf(editing),
    newValues: NEW_COMPLAINT_RULE,
    fieldsOf: complaintRuleFieldsOf,
  });
  const reasons = useComplaintReasons();
  const save = useSaveComplaintRule(mpAccountId);
  const submit = () => save.mutate(form.toSave(editing?.id), { onSuccess: onDone });

  return (
    <FormPanel title={editing ? 'Изменение правила жалобы' : 'Новое правило жалобы'} onCancel={onDone}>
      <ApiForm
        onSubmit={submit}
        error={save.error ?? reasons.error}
        pending={save.isPending}
        canSubmit={form.canSave}
        submitLabel={editing ? 'Сохранить правило' : 'Создать правило'}
      >
        <Group align="flex-start" grow>
          <NativeSelect
            label="Оценка не выше"
            data={RATING_OPTIONS}
            {...form.inputProps('ratingMax')}
            error={fieldError(save.error, 'ratingMax')}
          />
          <TextInput
            label="Бренд"
            description="Пусто — любой бренд"
            {...form.inputProps('brand')}
            error={fieldError(save.error, 'brand')}
          />
          <NumberInput
            label="Приоритет"
            description="Меньше — важнее"
            min={0}
            allowDecimal={false}
            {...form.inputProps('priority')}
            error={fieldError(save.error, 'priority')}
          />
        </Group>
        <NativeSelect
          label="Причина жалобы"
          data={(reasons.data?.items ?? []).map((reason) => ({ value: reason.code, label: reason.label }))}
          {...form.inputProps('reason')}
          disabled={!form.ready || !reasons.data}
          error={fieldError(save.error, 'reason')}
        />
        <Radio.Group label="Подготовленная жалоба" {...form.inputProps('replyMode')}>
          <Group mt="xs">
            <Radio value="manual" label="Черновик для проверки" />
            <Radio value="auto" label="Сразу готова к подаче" />
          </Group>
        </Radio.Group>
        <Checkbox label="Правило включено" {...form.checkboxProps('isActive')} />
      </ApiForm>
    </FormPanel>
  );
}
