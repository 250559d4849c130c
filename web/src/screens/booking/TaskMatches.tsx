import { Table, Text } from '@mantine/core';
import { BOX_TYPE_NAMES, type BoxType } from '@shared/booking/box-types';
import { dateTime, day } from '@shared/format';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { useMatches } from './booking-queries';
import { coefficientText } from './task-text';

/** The slots a task found: when each was seen and, once it stopped fitting, when it was gone. */
export function TaskMatches({ mpAccountId, taskId, label }: { mpAccountId: string; taskId: string; label: string }) {
  const matches = useMatches(mpAccountId, taskId);
  return (
    <>
      <ErrorNotice error={matches.error} />
      {matches.data && !matches.data.items.length && <Text c="dimmed">Подходящих слотов пока не было</Text>}
      {matches.data && matches.data.items.length > 0 && (
        <Table aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>День приёмки</Table.Th>
              <Table.Th>Склад</Table.Th>
              <Table.Th>Тип</Table.Th>
              <Table.Th>Коэффициент</Table.Th>
              <Table.Th>Найден</Table.Th>
              <Table.Th>Пропал</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matches.data.items.map((match) => (
              <Table.Tr key={match.id}>
                <Table.Td>{day(match.date)}</Table.Td>
                <Table.Td>{match.warehouseName ?? `№ ${match.warehouseId}`}</Table.Td>
                <Table.Td>{BOX_TYPE_NAMES[match.boxTypeId as BoxType]}</Table.Td>
                <Table.Td>{coefficientText(match.coefficient)}</Table.Td>
                <Table.Td>{dateTime(match.seenAt)}</Table.Td>
                <Table.Td>{match.goneAt ? dateTime(match.goneAt) : 'ещё доступен'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
