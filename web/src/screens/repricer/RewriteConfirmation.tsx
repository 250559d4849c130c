import { Alert, Button, Group, Table } from '@mantine/core';

import type { FieldChange } from './rule-form';

/** The fields a save through the form would change, old → new, and the choice to save them or go back to the form. */
export function RewriteConfirmation({
  changes,
  pending,
  onConfirm,
  onCancel,
}: {
  changes: FieldChange[];
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert color="yellow" title="Сохранение перепишет правило">
      <Table mb="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Поле</Table.Th>
            <Table.Th>Было</Table.Th>
            <Table.Th>Станет</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Td>{change.field}</Table.Td>
              <Table.Td>{change.from}</Table.Td>
              <Table.Td>{change.to}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button onClick={onConfirm} loading={pending}>
          Подтвердить и сохранить
        </Button>
        <Button variant="default" onClick={onCancel}>
          Вернуться к форме
        </Button>
      </Group>
    </Alert>
  );
}
