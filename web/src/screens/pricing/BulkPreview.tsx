import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { percent, roubles } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { BULK_ITEMS_MAX } from './price-bounds';
import { BIG_CHANGE_PERCENT, type BulkRow, discountedRoubles, isBigChange, previewPage, rowCounts } from './price-preview';

/** An old → new pair stays on one line. */
const PAIR = { whiteSpace: 'nowrap' } as const;

function PreviewRow({ row }: { row: BulkRow }) {
  const { product, item } = row;
  const newDiscount = item?.discount ?? product?.discount ?? null;
  const big = !!product && !!item && isBigChange(product, item);
  return (
    <Table.Tr bg={item ? (big ? 'yellow.1' : undefined) : 'red.0'}>
      <Table.Td>{row.line ?? '—'}</Table.Td>
      <Table.Td>{row.nmID}</Table.Td>
      <Table.Td>{product?.title ?? '—'}</Table.Td>
      <Table.Td style={PAIR}>
        {roubles(product?.price ?? null)} → {item ? roubles(item.price) : '—'}
      </Table.Td>
      <Table.Td style={PAIR}>
        {percent(product?.discount ?? null)} → {item ? percent(newDiscount) : '—'}
      </Table.Td>
      <Table.Td style={PAIR}>
        {roubles(product?.discountedPrice ?? null)} → {item ? roubles(discountedRoubles(item.price, newDiscount ?? 0)) : '—'}
      </Table.Td>
      <Table.Td>
        {!item && (
          <Text size="sm" c="red.8">
            Ошибка: {row.reason}
          </Text>
        )}
        {big && <Badge color="yellow.8">Изменение больше {BIG_CHANGE_PERCENT} %</Badge>}
      </Table.Td>
    </Table.Tr>
  );
}

/** Every row old → new with its check, a page at a time, the refused rows first; only valid rows are sent, in one request. */
export function BulkPreview({ rows, onSend, pending, error }: { rows: BulkRow[]; onSend: () => void; pending: boolean; error: unknown }) {
  const { valid, invalid } = rowCounts(rows);
  const tooMany = valid > BULK_ITEMS_MAX;
  // New rows start again from their first page.
  const [shown, setShown] = useState({ rows, page: 1 });
  const page = shown.rows === rows ? shown.page : 1;
  const { rows: pageRows, totalPages } = previewPage(rows, page);
  return (
    <Stack>
      <Group>
        <Text fw={600}>Будут отправлены: {valid}</Text>
        <Text fw={600} c={invalid ? 'red.8' : undefined}>
          С ошибками, не отправляются: {invalid}
        </Text>
        <Button onClick={onSend} loading={pending} disabled={!valid || tooMany}>
          Отправить
        </Button>
      </Group>
      {tooMany && <Text c="red.8">За один раз можно отправить не больше {BULK_ITEMS_MAX} товаров: разделите файл или сузьте поиск</Text>}
      <ErrorNotice error={error} />
      <Table striped={false} aria-label="Предпросмотр изменения">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Строка</Table.Th>
            <Table.Th>nmID</Table.Th>
            <Table.Th>Товар</Table.Th>
            <Table.Th>Цена</Table.Th>
            <Table.Th>Скидка</Table.Th>
            <Table.Th>Цена со скидкой</Table.Th>
            <Table.Th>Проверка</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pageRows.map((row, index) => (
            <PreviewRow key={`${row.line ?? ''}:${row.nmID}:${index}`} row={row} />
          ))}
        </Table.Tbody>
      </Table>
      <PageNav total={totalPages} value={page} onChange={(next) => setShown({ rows, page: next })} label="Страницы предпросмотра" />
    </Stack>
  );
}
