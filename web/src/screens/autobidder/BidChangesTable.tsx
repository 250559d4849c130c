import { Table, Text } from '@mantine/core';
import type { BidReason } from '@shared/autobidder/bid-reason';
import { dateTime, kopecksAsRoubles } from '@shared/format';

import type { components } from '../../api/schema';
import { reasonText } from './bid-reason-text';
import { placementText } from './campaign-text';

type BidChange = Pick<
  components['schemas']['BidEngineRunItemDto'],
  'advertId' | 'campaignName' | 'nmId' | 'productName' | 'placement' | 'bidBefore' | 'bidAfter' | 'reason'
> & { reasonFields: BidReason | null; createdAt?: string };

/** Bid changes with the bids in roubles; the time column is shown when the changes carry their time (the bid log). */
export function BidChangesTable({ label, changes }: { label: string; changes: BidChange[] }) {
  const timed = changes.some((change) => change.createdAt !== undefined);
  return (
    <Table striped aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {timed && <Table.Th>Время</Table.Th>}
          <Table.Th>Кампания</Table.Th>
          <Table.Th>Товар</Table.Th>
          <Table.Th>Место</Table.Th>
          <Table.Th>Было</Table.Th>
          <Table.Th>Стало</Table.Th>
          <Table.Th>Причина</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change, index) => (
          <Table.Tr key={`${change.createdAt}-${change.advertId}-${change.nmId}-${change.placement}-${index}`}>
            {timed && <Table.Td>{change.createdAt && dateTime(change.createdAt)}</Table.Td>}
            <Table.Td>{change.campaignName}</Table.Td>
            <Table.Td>
              {change.productName ?? 'Нет в каталоге'}
              <Text size="xs" c="dimmed">
                nmID {change.nmId}
              </Text>
            </Table.Td>
            <Table.Td>{placementText(change.placement)}</Table.Td>
            <Table.Td>{kopecksAsRoubles(change.bidBefore)}</Table.Td>
            <Table.Td>{kopecksAsRoubles(change.bidAfter)}</Table.Td>
            <Table.Td>{reasonText(change)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
