import { Stack, Table, Text, Title } from '@mantine/core';
import { dateTime, NO_VALUE } from '@shared/format';

import { ROTATION_STATE_TEXT, rotationViews, variantName } from './ab-test-text';
import type { AbTestRotation } from './ab-tests-queries';

/** The periods each variant was shown, in time order: the switch, the end of the window not counted, the next switch. */
export function RotationsTable({ rotations }: { rotations: AbTestRotation[] }) {
  return (
    <Stack gap="sm">
      <Title order={4}>Периоды показа</Title>
      {!rotations.length ? (
        <Text c="dimmed">Варианты ещё не показывались</Text>
      ) : (
        <Table striped aria-label="Периоды показа">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Вариант</Table.Th>
              <Table.Th>Переключение</Table.Th>
              <Table.Th>Замер с</Table.Th>
              <Table.Th>Конец</Table.Th>
              <Table.Th>Показы / клики</Table.Th>
              <Table.Th>Состояние</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rotations.map((rotation) => (
              <Table.Tr key={rotation.id}>
                <Table.Td>{variantName(rotation.variantIndex)}</Table.Td>
                <Table.Td>{dateTime(rotation.startedAt)}</Table.Td>
                <Table.Td>{dateTime(rotation.settleUntil)}</Table.Td>
                <Table.Td>{rotation.endedAt ? dateTime(rotation.endedAt) : NO_VALUE}</Table.Td>
                <Table.Td>{rotationViews(rotation)}</Table.Td>
                <Table.Td>{ROTATION_STATE_TEXT[rotation.state] ?? rotation.state}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
