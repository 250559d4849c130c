import { ActionIcon, Group, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { Scenario, Template, useDeleteScenario, useReorderScenarios, useSwitchScenario } from '../../../api/reply-queries';
import { byPrecedence, moved } from '../../../api/scenario-order';
import { ConfirmedRowActions } from '../../../ui/ConfirmedRowActions';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { conditionText, replyModeText, templateName } from '../../../ui/scenario-text';

/**
 * The scenarios in the order they are tried (spec, Reply rule 1). A row dragged to another place, or moved with its
 * arrows, stores the new order as priorities. Each is switched on or off, changed, or deleted after a second click.
 */
export function ScenariosTable({
  mpAccountId,
  scenarios,
  templates,
  onEdit,
}: {
  mpAccountId: string;
  scenarios: Scenario[];
  templates: Template[];
  onEdit: (scenario: Scenario) => void;
}) {
  const reorder = useReorderScenarios(mpAccountId);
  const switchOver = useSwitchScenario(mpAccountId);
  const remove = useDeleteScenario(mpAccountId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const ordered = reorder.isPending && reorder.variables ? reorder.variables : byPrecedence(scenarios);
  const move = (from: number, to: number) => {
    if (from !== to && to >= 0 && to < ordered.length) reorder.mutate(moved(ordered, from, to));
  };

  if (!scenarios.length) return <Text c="dimmed">Сценариев пока нет</Text>;
  return (
    <>
      <Table aria-label="Сценарии">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Порядок</Table.Th>
            <Table.Th>Приоритет</Table.Th>
            <Table.Th>Условия</Table.Th>
            <Table.Th>Шаблон</Table.Th>
            <Table.Th>ИИ</Table.Th>
            <Table.Th>Отправка</Table.Th>
            <Table.Th>Состояние</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ordered.map((scenario, index) => (
            <Table.Tr
              key={scenario.id}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                setDragged(index);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              style={{ cursor: 'grab', opacity: dragged === index ? 0.5 : 1 }}
            >
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Выше: сценарий ${index + 1}`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Ниже: сценарий ${index + 1}`}
                    disabled={index === ordered.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </ActionIcon>
                </Group>
              </Table.Td>
              <Table.Td>{scenario.priority}</Table.Td>
              <Table.Td>{conditionText(scenario)}</Table.Td>
              <Table.Td>{templateName(templates, scenario.templateId)}</Table.Td>
              <Table.Td>{scenario.useLlm ? 'да' : 'нет'}</Table.Td>
              <Table.Td>{replyModeText(scenario.replyMode)}</Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`Сценарий ${index + 1} включён`}
                  checked={
                    switchOver.isPending && switchOver.variables.id === scenario.id ? switchOver.variables.isActive : scenario.isActive
                  }
                  onChange={(event) => switchOver.mutate({ id: scenario.id, isActive: event.currentTarget.checked })}
                  label={scenario.isActive ? 'включён' : 'выключен'}
                  c={scenario.isActive ? 'green' : 'dimmed'}
                />
              </Table.Td>
              <Table.Td>
                <ConfirmedRowActions
                  labels={{
                    edit: `Изменить сценарий ${index + 1}`,
                    remove: `Удалить сценарий ${index + 1}`,
                    confirm: `Подтвердить удаление сценария ${index + 1}`,
                  }}
                  confirming={confirming === scenario.id}
                  pending={remove.isPending}
                  onEdit={() => onEdit(scenario)}
                  onAsk={() => setConfirming(scenario.id)}
                  onConfirm={() => remove.mutate(scenario.id, { onSettled: () => setConfirming(null) })}
                />
                {remove.variables === scenario.id && <ErrorNotice error={remove.error} />}
                {switchOver.variables?.id === scenario.id && <ErrorNotice error={switchOver.error} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ErrorNotice error={reorder.error} />
    </>
  );
}
