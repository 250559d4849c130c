import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { Template, useScenarios, useTemplates } from '../../../api/reply-queries';
import { AccountScreen } from '../../../ui/AccountScreen';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { kindScopeText } from '../../../ui/scenario-text';
import { ScenarioForm } from './ScenarioForm';
import { ScenariosTable } from './ScenariosTable';
import { TemplateEditor } from './TemplateEditor';

/** Which template the editor shows: a new one, one of the list, or none. */
type Editing = { template: Template | null } | null;

function TemplatesAndScenarios({ mpAccountId }: { mpAccountId: string }) {
  const templates = useTemplates(mpAccountId);
  const scenarios = useScenarios(mpAccountId);
  const [editing, setEditing] = useState<Editing>(null);
  const [creatingScenario, setCreatingScenario] = useState(false);
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
      {templates.data && templateList.length === 0 && <Text c="dimmed">Шаблонов пока нет</Text>}
      {templateList.length > 0 && (
        <Table aria-label="Шаблоны">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Название</Table.Th>
              <Table.Th>Для чего</Table.Th>
              <Table.Th>Текст</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templateList.map((template) => (
              <Table.Tr key={template.id}>
                <Table.Td>{template.name}</Table.Td>
                <Table.Td>{kindScopeText(template.type)}</Table.Td>
                <Table.Td>{template.text}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing({ template })}
                    aria-label={`Изменить шаблон ${template.name}`}
                  >
                    Изменить
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Title order={3}>Сценарии</Title>
        <Button variant="light" onClick={() => setCreatingScenario(true)} disabled={templateList.length === 0}>
          Новый сценарий
        </Button>
      </Group>
      {creatingScenario && <ScenarioForm mpAccountId={mpAccountId} templates={templateList} onDone={() => setCreatingScenario(false)} />}
      {scenarios.data && <ScenariosTable mpAccountId={mpAccountId} scenarios={scenarios.data.items} templates={templateList} />}
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
