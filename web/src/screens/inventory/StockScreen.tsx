import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { dateTime, number } from '@shared/format';
import { useState } from 'react';

import { catalogQueries } from '../../api/catalog-queries';
import { AccountScreen } from '../../ui/AccountScreen';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { foundText } from '../../ui/found-text';
import { PageNav } from '../../ui/PageNav';
import { ProductSearchInput } from '../../ui/ProductSearchInput';
import { SearchSelect } from '../../ui/SearchSelect';
import { SyncButton } from '../../ui/SyncButton';
import { useSearchText } from '../../ui/use-search-text';
import { coverText, STATUS_COLOR, STATUS_TEXT, velocityText } from './cover-text';
import { PAGE_SIZE, type StockStatus, useInventorySyncStatus, useStartInventorySync, useStocks } from './inventory-queries';
import { PlanSection } from './PlanSection';
import { failedSourcesText, warehousesText } from './stock-text';
import { StockAlerts } from './StockAlerts';
import { StockSizes } from './StockSizes';

const STATUS_FILTER = Object.entries(STATUS_TEXT).map(([value, label]) => ({ value, label }));

function InventorySync({ mpAccountId }: { mpAccountId: string }) {
  const start = useStartInventorySync(mpAccountId);
  const status = useInventorySyncStatus(mpAccountId, start.data?.jobId);
  return (
    <SyncButton
      label="Обновить остатки с маркетплейса"
      title="Синхронизация остатков"
      busyLabel="Идёт синхронизация остатков"
      start={start}
      status={status}
    />
  );
}

function Stock({ mpAccountId }: { mpAccountId: string }) {
  const { search, ...typing } = useSearchText();
  const [brandId, setBrandId] = useState<string | null>(null);
  const [status, setStatus] = useState<StockStatus | null>(null);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<number>();
  const stocks = useStocks(mpAccountId, {
    page,
    limit: PAGE_SIZE,
    sortBy: 'daysOfCover',
    sortDirection: 'asc',
    ...(search && { q: search }),
    ...(brandId && { brandId }),
    ...(status && { status }),
  });
  const first = stocks.data?.items[0];
  const missing = failedSourcesText(first?.source ?? null);

  return (
    <Stack>
      <InventorySync mpAccountId={mpAccountId} />
      <Text size="sm" c="dimmed">
        Остатки по складам маркетплейса и по своим складам, товары в пути. Сервис обновляет их каждые 30 минут
        {first?.lastSnapshotAt ? `; последняя синхронизация — ${dateTime(first.lastSnapshotAt)}` : ''}.
      </Text>
      {missing && <Alert color="yellow">{missing}</Alert>}
      <StockAlerts mpAccountId={mpAccountId} />
      <Group>
        <ProductSearchInput typing={typing} onType={() => setPage(1)} />
        <SearchSelect
          label="Бренд"
          placeholder="Все бренды"
          clearable
          options={(searched) => catalogQueries.brandChoices(mpAccountId, searched)}
          value={brandId}
          onChange={(value) => {
            setBrandId(value);
            setPage(1);
          }}
        />
        <Select
          label="Состояние"
          placeholder="Все товары"
          clearable
          data={STATUS_FILTER}
          value={status}
          onChange={(value) => {
            setStatus(value as StockStatus | null);
            setPage(1);
          }}
        />
      </Group>
      <ErrorNotice error={stocks.error} />
      {stocks.data && (
        <Text size="sm" c="dimmed">
          {foundText(stocks.data.meta.total, search)}
        </Text>
      )}
      {stocks.data && stocks.data.items.length > 0 && (
        <Table striped aria-label="Остатки">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Товар</Table.Th>
              <Table.Th>Бренд</Table.Th>
              <Table.Th>Состояние</Table.Th>
              <Table.Th>Остаток</Table.Th>
              <Table.Th>Продаж в день</Table.Th>
              <Table.Th>Дней запаса</Table.Th>
              <Table.Th>В поставках</Table.Th>
              <Table.Th>В пути к покупателям / возвраты</Table.Th>
              <Table.Th>Склады</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stocks.data.items.map((item) => (
              <Table.Tr key={item.nmId}>
                <Table.Td miw={220}>
                  {item.title}
                  <Text size="xs" c="dimmed">
                    {item.vendorCode} · {item.nmId}
                  </Text>
                </Table.Td>
                <Table.Td>{item.brand}</Table.Td>
                <Table.Td c={STATUS_COLOR[item.status]} fw={600}>
                  {STATUS_TEXT[item.status]}
                </Table.Td>
                <Table.Td>{number(item.quantity)}</Table.Td>
                <Table.Td>{velocityText(item.velocityPerDay)}</Table.Td>
                <Table.Td>{coverText(item.daysOfCover)}</Table.Td>
                <Table.Td>{number(item.inSupply)}</Table.Td>
                <Table.Td>
                  {number(item.inWayToClient)} / {number(item.inWayFromClient)}
                </Table.Td>
                <Table.Td>{warehousesText(item.warehouses)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setOpened(item.nmId)}
                    aria-label={`Размеры: ${item.title} (${item.nmId})`}
                  >
                    Размеры
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {opened !== undefined && <StockSizes key={opened} mpAccountId={mpAccountId} nmId={opened} onClose={() => setOpened(undefined)} />}
      {stocks.data && <PageNav total={stocks.data.meta.totalPages} value={page} onChange={setPage} label="Страницы остатков" />}
      <PlanSection mpAccountId={mpAccountId} />
    </Stack>
  );
}

export default function StockScreen() {
  return <AccountScreen title="Остатки" noAccount="Подключите кабинет, чтобы видеть остатки на складах" content={Stock} />;
}
