import { Modal, Stack, Table, Text } from '@mantine/core';
import { dateTime, percent, roubles } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import type { Product } from './price-preview';
import { type PriceHistoryItem, usePriceHistory } from './price-queries';

const SOURCE: Record<PriceHistoryItem['source'], string> = {
  manual: 'Вручную',
  bulk: 'Пакетное изменение',
  repricer: 'Репрайсер',
};

function HistoryTable({ items }: { items: PriceHistoryItem[] }) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Когда</Table.Th>
          <Table.Th>Источник</Table.Th>
          <Table.Th>Цена</Table.Th>
          <Table.Th>Скидка</Table.Th>
          <Table.Th>Номер загрузки</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{dateTime(item.createdAt)}</Table.Td>
            <Table.Td>{SOURCE[item.source]}</Table.Td>
            <Table.Td>
              {roubles(item.oldPrice)} → {roubles(item.newPrice)}
            </Table.Td>
            <Table.Td>
              {item.newDiscount === null
                ? `${percent(item.oldDiscount)}, не менялась`
                : `${percent(item.oldDiscount)} → ${percent(item.newDiscount)}`}
            </Table.Td>
            <Table.Td>{item.taskId ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The price changes of one product accepted by the marketplace, newest first. */
export function PriceHistoryModal({ mpAccountId, product, onClose }: { mpAccountId: string; product: Product; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = usePriceHistory(mpAccountId, product.nmId, page);
  return (
    <Modal opened onClose={onClose} title={`История цен: ${product.title}`} size="xl">
      <Stack>
        <ErrorNotice error={history.error} />
        {history.data?.items.length === 0 && <Text c="dimmed">Цена товара через сервис ещё не менялась</Text>}
        {!!history.data?.items.length && <HistoryTable items={history.data.items} />}
        {history.data && <PageNav total={history.data.meta.totalPages} value={page} onChange={setPage} label="Страницы истории" />}
      </Stack>
    </Modal>
  );
}
