import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { Scenario, Template, useScenarios, useTemplates } from '../../../api/reply-queries';
import { AccountScreen } from '../../../ui/AccountScreen';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { scenarioPrefill } from '../../../ui/scenario-link';
import { ScenarioForm } from './ScenarioForm';
import { ScenariosTable } from './ScenariosTable';
import { TemplateEditor } from './TemplateEditor';
import { TemplatesTable } from './TemplatesTable';

/** Which template the editor shows: a new one, one of the list, or none. */
type Editing = { template: Template | null } | null;
/** Which scenario the form shows: a new one, one of the table, or none. */
type EditingScenario = { scenario: Scenario | null } | null;

function TemplatesAndScenarios({ mpAccountId }: { mpAccountId: string }) {
  const templates = useTemplates(mpAccountId);
  const scenarios = useScenarios(mpAccountId);
  const [editing, setEditing] = useState<Editing>(null);
  // A link from the inbox (an item no scenario fits) opens the screen on a new scenario for that item.
  const [prefill] = useState(() => scenarioPrefill(window.location.search));
  const [editingScenario, setEditingScenario] = useState<EditingScenario>(prefill && { scenario: null });
  const templateList = templates.data?.items ?? [];

  return (
    <Stack>
      <ErrorNotice error={templates.error ?? scenarios.error} />
      <Group justify="space-between">
        <Title order={3}>Шаблоны</Title>
        <Button variant="light" onClick={() => setEditing({ template: null })}>
          Новый шаблон
        </Button>
      </Group>
      {editing && (
        <TemplateEditor
          key={editing.template?.id ?? 'new'}
          mpAccountId={mpAccountId}
          template={editing.template}
          onDone={() => setEditing(null)}
        />
      )}
      {templates.data && templateList.length === 0 && (
        <Text c="dimmed">Шаблонов пока нет: создайте шаблон ответа, затем сценарий, который будет им отвечать</Text>
      )}
      {templateList.length > 0 && (
        <TemplatesTable mpAccountId={mpAccountId} templates={templateList} onEdit={(template) => setEditing({ template })} />
      )}
      <Group justify="space-between">
        <Title order={3}>Сценарии</Title>
        <Button variant="light" onClick={() => setEditingScenario({ scenario: null })} disabled={templateList.length === 0}>
          Новый сценарий
        </Button>
      </Group>
      {editingScenario && templates.data && (
        <ScenarioForm
          key={editingScenario.scenario?.id ?? 'new'}
          mpAccountId={mpAccountId}
          templates={templateList}
          scenario={editingScenario.scenario}
          prefill={editingScenario.scenario ? null : prefill}
          onDone={() => setEditingScenario(null)}
        />
      )}
      {scenarios.data && (
        <ScenariosTable
          mpAccountId={mpAccountId}
          scenarios={scenarios.data.items}
          templates={templateList}
          onEdit={(scenario) => setEditingScenario({ scenario })}
        />
      )}
    </Stack>
  );
}

export default function TemplatesScreen() {
  return (
    <AccountScreen
      title="Шаблоны и сценарии"
      noAccount="Подключите кабинет, чтобы настроить ответы покупателям"
      content={TemplatesAndScenarios}
    />
  );
}
