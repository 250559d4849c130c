import { Checkbox, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { Scenario, ScenarioFields, Template, useCreateScenario } from '../../../api/reply-queries';
import { ApiForm } from '../../../ui/ApiForm';
import { fieldError } from '../../../ui/field-error';
import { KIND_SCOPE_OPTIONS } from '../../../ui/scenario-text';

const STARS = ['1', '2', '3', '4', '5'];

const starsOf = (value: string | null) => (value === null ? null : Number(value));

/** A new scenario; it gets priority 100 and sends at once (spec, Reply scenario: created through the web UI). */
export function ScenarioForm({ mpAccountId, templates, onDone }: { mpAccountId: string; templates: Template[]; onDone: () => void }) {
  const create = useCreateScenario(mpAccountId);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      kind: 'both' as Scenario['kind'],
      templateId: templates[0]?.id ?? (null as string | null),
      brand: '',
      ratingMin: null as string | null,
      ratingMax: null as string | null,
      useLlm: false,
    },
    transformValues: (values): ScenarioFields => ({
      ...values,
      templateId: values.templateId ?? '',
      brand: values.brand.trim() || null,
      ratingMin: starsOf(values.ratingMin),
      ratingMax: starsOf(values.ratingMax),
    }),
  });
  const submit = () => create.mutate(form.getTransformedValues(), { onSuccess: onDone });

  return (
    <Paper withBorder p="md">
      <ApiForm onSubmit={submit} error={create.error} pending={create.isPending} submitLabel="Создать сценарий">
        <Text size="sm" c="dimmed">
          Новый сценарий получает приоритет 100 и отправляет подготовленный ответ сразу. Порядок сценариев меняется перетаскиванием в
          таблице.
        </Text>
        <Group align="start">
          <Select label="Отвечает на" data={KIND_SCOPE_OPTIONS} {...form.getInputProps('kind')} allowDeselect={false} />
          <Select
            label="Шаблон ответа"
            data={templates.map((template) => ({ value: template.id, label: template.name }))}
            {...form.getInputProps('templateId')}
            error={fieldError(create.error, 'templateId')}
          />
          <TextInput label="Бренд" placeholder="Любой" {...form.getInputProps('brand')} />
          <Select
            label="Оценка от"
            placeholder="Любая"
            clearable
            data={STARS}
            {...form.getInputProps('ratingMin')}
            error={fieldError(create.error, 'ratingMin')}
          />
          <Select
            label="Оценка до"
            placeholder="Любая"
            clearable
            data={STARS}
            {...form.getInputProps('ratingMax')}
            error={fieldError(create.error, 'ratingMax')}
          />
        </Group>
        <Checkbox label="Переписать шаблон с помощью ИИ" {...form.getInputProps('useLlm', { type: 'checkbox' })} />
      </ApiForm>
    </Paper>
  );
}
