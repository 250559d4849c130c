import { Button, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { SUPPLY_STATUS_NAMES } from '@shared/booking/supply-statuses';
import { moscowDay, NO_VALUE, number, roubles } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { type Supply, useSupplies } from './booking-queries';
import { SuppliesSync } from './SuppliesSync';
import { SupplyGoods } from './SupplyGoods';

const ALL_STATUSES = '';
const STATUS_CHOICES = [
  { value: ALL_STATUSES, label: 'Все' },
  ...Object.entries(SUPPLY_STATUS_NAMES).map(([value, label]) => ({ value, label })),
];

/** The number a seller knows the supply by: the supply's, or the order's while it is not a supply yet. */
const supplyNumber = (supply: Supply) => (supply.supplyId ? `№ ${supply.supplyId}` : `заказ № ${supply.preorderId ?? NO_VALUE}`);

/** The account's FBW supplies: status, warehouse, dates, what was accepted and what is short, and each one's goods. */
export function SuppliesTab({ mpAccountId }: { mpAccountId: string }) {
  const [status, setStatus] = useState<number>();
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string>();
  const supplies = useSupplies(mpAccountId, status, page);
  const filter = (value: string) => {
    setStatus(value === ALL_STATUSES ? undefined : Number(value));
    setPage(1);
  };

  return (
    <Stack>
      <SuppliesSync mpAccountId={mpAccountId} />
      <Text size="sm" c="dimmed">
        Поставки создаются в личном кабинете продавца на маркетплейсе; здесь видно, как они идут, и недостача после приёмки. Пока поставка в
        пути, сервис обновляет её каждые 10 минут.
      </Text>
      <NativeSelect
        label="Статус"
        w={260}
        data={STATUS_CHOICES}
        value={status === undefined ? ALL_STATUSES : String(status)}
        onChange={(event) => filter(event.currentTarget.value)}
      />
      <ErrorNotice error={supplies.error} />
      {supplies.data?.meta.total === 0 && (
        <Text c="dimmed">{status === undefined ? 'Поставок пока нет: загрузите их с маркетплейса' : 'Поставок в этом статусе нет'}</Text>
      )}
      {supplies.data && supplies.data.items.length > 0 && (
        <Table striped aria-label="Поставки">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Поставка</Table.Th>
              <Table.Th>Склад</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th>Дата поставки</Table.Th>
              <Table.Th>Отправлено</Table.Th>
              <Table.Th>Принято</Table.Th>
              <Table.Th>Недостача</Table.Th>
              <Table.Th>Стоимость приёмки</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {supplies.data.items.map((supply) => (
              <Table.Tr key={supply.supplyId ?? `order-${supply.preorderId}`}>
                <Table.Td>{supplyNumber(supply)}</Table.Td>
                <Table.Td>{supply.warehouseName ?? NO_VALUE}</Table.Td>
                <Table.Td>{supply.statusName}</Table.Td>
                <Table.Td>{supply.supplyDate ? moscowDay(supply.supplyDate) : NO_VALUE}</Table.Td>
                <Table.Td>{number(supply.quantity)}</Table.Td>
                <Table.Td>{number(supply.acceptedQuantity)}</Table.Td>
                <Table.Td c={supply.shortfall ? 'red' : undefined}>
                  {supply.shortfall === null ? NO_VALUE : number(supply.shortfall)}
                </Table.Td>
                <Table.Td>{supply.acceptanceCost === null ? NO_VALUE : roubles(supply.acceptanceCost)}</Table.Td>
                <Table.Td>
                  {supply.supplyId && (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setOpened(supply.supplyId ?? undefined)}
                      aria-label={`Товары поставки ${supplyNumber(supply)}`}
                    >
                      Товары
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {opened && <SupplyGoods key={opened} mpAccountId={mpAccountId} supplyId={opened} onClose={() => setOpened(undefined)} />}
      {supplies.data && <PageNav total={supplies.data.meta.totalPages} value={page} onChange={setPage} label="Страницы поставок" />}
    </Stack>
  );
}
