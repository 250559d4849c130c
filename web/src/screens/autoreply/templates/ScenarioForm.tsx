import { Alert, Checkbox, Group, Paper, Select, TextInput } from '@mantine/core';

import { Scenario, ScenarioFields, Template, useSaveScenario } from '../../../api/reply-queries';
import { ApiForm } from '../../../ui/ApiForm';
import { fieldError } from '../../../ui/field-error';
import type { ScenarioPrefill } from '../../../ui/scenario-link';
import { KIND_SCOPE_OPTIONS } from '../../../ui/scenario-text';
import { useStoredForm } from '../../../ui/use-stored-form';
import { newScenarioValues, scenarioFields, ScenarioValues, scenarioValues, templateError } from './scenario-form';

const STARS = ['1', '2', '3', '4', '5'];

/** What the scenario does with the reply it prepares, said before it is saved. */
function SendingNote({ scenario }: { scenario: Scenario | null }) {
  if (scenario?.replyMode === 'manual')
    return (
      <Alert color="gray" title="Этот сценарий отвечает вручную">
        Он готовит черновик ответа; черновик публикуется, только когда вы отправите его во входящих.
      </Alert>
    );
  return (
    <Alert color="blue" title={scenario ? 'Этот сценарий отвечает автоматически' : 'Сценарий, созданный здесь, отвечает автоматически'}>
      Подготовленный им ответ ставится в очередь на публикацию без вашего участия. Перед публикацией ответ выжидает задержку: до неё его
      можно отменить или изменить во входящих, затем он публикуется на маркетплейсе.
      {!scenario && ' Новый сценарий получает приоритет 100; порядок сценариев меняется перетаскиванием в таблице.'}
    </Alert>
  );
}

/** A new scenario (priority 100, sending automatically: spec, Reply scenario, created through the web UI) or a change of one. */
export function ScenarioForm({
  mpAccountId,
  templates,
  scenario,
  prefill,
  onDone,
}: {
  mpAccountId: string;
  templates: Template[];
  scenario: Scenario | null;
  /** A new scenario's conditions asked for by a link from the inbox. */
  prefill: ScenarioPrefill | null;
  onDone: () => void;
}) {
  const save = useSaveScenario(mpAccountId);
  const form = useStoredForm<ScenarioValues, ScenarioFields>({
    stored: scenario && scenarioValues(scenario),
    newValues: newScenarioValues(templates, prefill),
    fieldsOf: scenarioFields,
    validate: { templateId: (templateId) => templateError(templateId, templates) },
  });
  const submit = form.submit(() => save.mutate(form.toSave(scenario?.id), { onSuccess: onDone }));
  const serverError = (field: keyof ScenarioFields) => fieldError(save.error, field);

  return (
    <Paper withBorder p="md">
      <ApiForm
        onSubmit={submit}
        error={save.error}
        pending={save.isPending}
        canSubmit={form.canSave}
        submitLabel={scenario ? 'Сохранить сценарий' : 'Создать сценарий'}
      >
        <SendingNote scenario={scenario} />
        <Group align="start">
          <Select label="Отвечает на" data={KIND_SCOPE_OPTIONS} {...form.inputProps('kind')} allowDeselect={false} />
          <Select
            label="Шаблон ответа"
            placeholder={templates.length ? 'Выберите шаблон' : 'Сначала создайте шаблон'}
            data={templates.map((template) => ({ value: template.id, label: template.name }))}
            {...form.inputProps('templateId')}
            allowDeselect={false}
            error={form.errors.templateId ?? serverError('templateId')}
          />
          <TextInput label="Бренд" placeholder="Любой" {...form.inputProps('brand')} />
          <Select
            label="Оценка от"
            placeholder="Любая"
            clearable
            data={STARS}
            {...form.inputProps('ratingMin')}
            error={serverError('ratingMin')}
          />
          <Select
            label="Оценка до"
            placeholder="Любая"
            clearable
            data={STARS}
            {...form.inputProps('ratingMax')}
            error={serverError('ratingMax')}
          />
        </Group>
        <Checkbox label="Переписать шаблон с помощью ИИ" {...form.checkboxProps('useLlm')} />
      </ApiForm>
    </Paper>
  );
}
