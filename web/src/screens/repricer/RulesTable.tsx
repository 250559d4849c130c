import { Button, Table, Text } from '@mantine/core';

import type { components } from '../../api/schema';
import { actionText, boundsText, conditionText, firesOnlyWithMetrics, Rule, scopeText } from './rule-text';

type Schedule = components['schemas']['RepricerScheduleDto'];

/** Spec: engine rule 7. The schedule belongs to the service: shown with the rules, never edited. */
export function ScheduleNote({ schedule }: { schedule: Schedule }) {
  return <Text size="sm">Запуск по расписанию: каждые {schedule.everyMinutes} минут. Интервал задаёт сервис, изменить его нельзя.</Text>;
}

/** The account's rules as the API stores them, in creation order (the earliest matching rule wins). */
export function RulesTable({ rules, onEdit }: { rules: Rule[]; onEdit: (rule: Rule) => void }) {
  if (!rules.length) return <Text c="dimmed">Правил пока нет</Text>;
  return (
    <Table striped aria-label="Правила">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Название</Table.Th>
          <Table.Th>Условие</Table.Th>
          <Table.Th>Изменение цены</Table.Th>
          <Table.Th>Границы цены</Table.Th>
          <Table.Th>Товары</Table.Th>
          <Table.Th>Состояние</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rules.map((rule) => (
          <Table.Tr key={rule.id}>
            <Table.Td>{rule.name}</Table.Td>
            <Table.Td>
              {conditionText(rule)}
              {firesOnlyWithMetrics(rule) && (
                <Text size="xs" c="orange.8">
                  сработает только при запуске с показателями
                </Text>
              )}
            </Table.Td>
            <Table.Td>{actionText(rule)}</Table.Td>
            <Table.Td>{boundsText(rule)}</Table.Td>
            <Table.Td>{scopeText(rule)}</Table.Td>
            <Table.Td c={rule.isActive ? 'green' : 'dimmed'}>{rule.isActive ? 'включено' : 'выключено'}</Table.Td>
            <Table.Td>
              <Button size="xs" variant="light" onClick={() => onEdit(rule)} aria-label={`Изменить правило ${rule.name}`}>
                Изменить
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
