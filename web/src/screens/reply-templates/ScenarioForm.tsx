import { Checkbox, Group, Paper, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

import { Scenario, ScenarioFields, Template, useCreateScenario } from '../../api/reply-queries';
import { ApiForm } from '../../ui/ApiForm';
import { fieldError } from '../../ui/field-error';
import { KIND_SCOPE_OPTIONS } from '../../ui/scenario-text';

const STARS = ['1', '2', '3', '4', '5'];

const starsOf = (value: string | null) => (value === null ? null : Number(value));

/** A new scenario; it gets priority 100 and sends at once (spec, Reply scenario: created through the web UI). */
export function ScenarioForm({ mpAccountId, templates, onDone }: { mpAccountId: string; templates: Template[]; onDone: () => void }) {
  const create = useCreateScenario(mpAccountId);
  const [kind, setKind] = useState<Scenario['kind']>('both');
  const [templateId, setTemplateId] = useState<string | null>(templates[0]?.id ?? null);
  const [brand, setBrand] = useState('');
  const [ratingMin, setRatingMin] = useState<string | null>(null);
  const [ratingMax, setRatingMax] = useState<string | null>(null);
  const [useLlm, setUseLlm] = useState(false);
  const submit = () => {
    const fields: ScenarioFields = {
      kind,
      templateId: templateId ?? '',
      useLlm,
      brand: brand.trim() || null,
      ratingMin: starsOf(ratingMin),
      ratingMax: starsOf(ratingMax),
    };
    create.mutate(fields, { onSuccess: onDone });
  };

  return (
    <Paper withBorder p="md">
      <ApiForm onSubmit={submit} error={create.error} pending={create.isPending} submitLabel="Создать сценарий">
        <Text size="sm" c="dimmed">
          Новый сценарий получает приоритет 100 и отправляет подготовленный ответ сразу. Порядок сценариев меняется перетаскиванием в
          таблице.
        </Text>
        <Group align="start">
          <Select
            label="Отвечает на"
            data={KIND_SCOPE_OPTIONS}
            value={kind}
            onChange={(value) => value && setKind(value as Scenario['kind'])}
            allowDeselect={false}
          />
          <Select
            label="Шаблон ответа"
            data={templates.map((template) => ({ value: template.id, label: template.name }))}
            value={templateId}
            onChange={setTemplateId}
            error={fieldError(create.error, 'templateId')}
          />
          <TextInput label="Бренд" placeholder="Любой" value={brand} onChange={(e) => setBrand(e.currentTarget.value)} />
          <Select
            label="Оценка от"
            placeholder="Любая"
            clearable
            data={STARS}
            value={ratingMin}
            onChange={setRatingMin}
            error={fieldError(create.error, 'ratingMin')}
          />
          <Select
            label="Оценка до"
            placeholder="Любая"
            clearable
            data={STARS}
            value={ratingMax}
            onChange={setRatingMax}
            error={fieldError(create.error, 'ratingMax')}
          />
        </Group>
        <Checkbox label="Переписать шаблон с помощью ИИ" checked={useLlm} onChange={(e) => setUseLlm(e.currentTarget.checked)} />
      </ApiForm>
    </Paper>
  );
}
