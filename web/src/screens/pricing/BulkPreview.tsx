import { Badge, Stack, Table, Text } from '@mantine/core';
import { percent, roubles } from '@shared/format';

import { previewItems } from '../../ui/preview-page';
import { PreviewPageNav, usePreviewPage } from '../../ui/PreviewPages';
import { UploadSummary, type UploadSummaryLabels } from '../../ui/UploadSummary';
import { BULK_ITEMS_MAX } from './price-bounds';
import { BIG_CHANGE_PERCENT, type BulkRow, discountedRoubles, isBigChange } from './price-preview';
import type { useSendBulk } from './price-queries';

/** An old → new pair stays on one line. */
const PAIR = { whiteSpace: 'nowrap' } as const;

const SUMMARY_LABELS: UploadSummaryLabels = { valid: 'Будут отправлены', invalid: 'С ошибками, не отправляются', confirm: 'Отправить' };

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
export function BulkPreview({ rows, send }: { rows: BulkRow[]; send: ReturnType<typeof useSendBulk> }) {
  const tooMany = previewItems(rows).length > BULK_ITEMS_MAX;
  const preview = usePreviewPage(rows);
  return (
    <Stack>
      <UploadSummary rows={rows} labels={SUMMARY_LABELS} send={send} disabled={tooMany}>
        {tooMany && <Text c="red.8">За один раз можно отправить не больше {BULK_ITEMS_MAX} товаров: разделите файл или сузьте поиск</Text>}
      </UploadSummary>
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
          {preview.pageRows.map((row, index) => (
            <PreviewRow key={`${row.line ?? ''}:${row.nmID}:${index}`} row={row} />
          ))}
        </Table.Tbody>
      </Table>
      <PreviewPageNav preview={preview} />
    </Stack>
  );
}
