import { NativeSelect, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import { BOX_TYPE_NAMES } from '@shared/booking/box-types';
import { dateTime, day } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { daysAfter, moscowToday } from '../../ui/moscow-days';
import { PageNav } from '../../ui/PageNav';
import { type BookingWarehouse, useFavouriteWarehouse, useWarehouses } from './booking-queries';
import { tariffLines } from './tariff-text';
import { coefficientText } from './task-text';

const GRID_DAYS = 14;
const BOX_TYPES = Object.entries(BOX_TYPE_NAMES).map(([value, label]) => ({ value, label }));

/** A cell's colour: free in green, a multiplier in yellow, closed or not unloading in grey. */
const cellColor = (coefficient: number | undefined, allowUnload: boolean | undefined) =>
  coefficient === undefined || coefficient < 0 || !allowUnload
    ? 'var(--mantine-color-gray-1)'
    : coefficient === 0
      ? 'var(--mantine-color-green-1)'
      : 'var(--mantine-color-yellow-1)';

function GridRow({
  warehouse,
  days,
  boxTypeId,
  onFavourite,
}: {
  warehouse: BookingWarehouse;
  days: string[];
  boxTypeId: number;
  onFavourite: (favourite: boolean) => void;
}) {
  const cells = new Map(warehouse.coefficients.filter((cell) => cell.boxTypeId === boxTypeId).map((cell) => [cell.date, cell]));
  return (
    <Table.Tr>
      <Table.Td>
        <Switch
          checked={warehouse.favourite}
          onChange={(event) => onFavourite(event.currentTarget.checked)}
          aria-label={`Избранный склад ${warehouse.name}`}
        />
      </Table.Td>
      <Table.Td miw={200}>
        {warehouse.name}
        <Text size="xs" c="dimmed">
          № {warehouse.warehouseId}
          {warehouse.isSortingCenter ? ', сортировочный центр' : ''}
        </Text>
        {tariffLines(warehouse.tariffs, boxTypeId).map((line) => (
          <Text key={line} size="xs" style={{ whiteSpace: 'nowrap' }}>
            {line}
          </Text>
        ))}
      </Table.Td>
      {days.map((date) => {
        const cell = cells.get(date);
        return (
          <Table.Td key={date} style={{ background: cellColor(cell?.coefficient, cell?.allowUnload), whiteSpace: 'nowrap' }}>
            {cell && cell.allowUnload ? coefficientText(cell.coefficient) : 'нет'}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

/** FBW warehouses with the acceptance coefficients the service read last, for 14 days, by box type; favourites first. */
export function WarehousesTab({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const [boxTypeId, setBoxTypeId] = useState(2);
  const warehouses = useWarehouses(mpAccountId, page);
  const favourite = useFavouriteWarehouse(mpAccountId);
  const today = moscowToday();
  const days = Array.from({ length: GRID_DAYS }, (_, index) => daysAfter(today, index));
  const readAt = warehouses.data?.items.map((warehouse) => warehouse.updatedAt).find((at) => at !== null);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Коэффициенты приёмки — как сервис прочитал их последний раз{readAt ? ` (${dateTime(readAt)})` : ''}: слот может уйти в любую минуту.
        «нет» — приёмки нет, «бесплатно» — коэффициент 0, «×2» — приёмка вдвое дороже базовой. Под складом — его тарифы на сегодня за первый
        и каждый следующий литр, коэффициент склада в них уже учтён.
      </Text>
      <NativeSelect
        label="Тип поставки"
        w={220}
        data={BOX_TYPES}
        value={String(boxTypeId)}
        onChange={(event) => setBoxTypeId(Number(event.currentTarget.value))}
      />
      <ErrorNotice error={warehouses.error ?? favourite.error} />
      {warehouses.data?.meta.total === 0 && <Text c="dimmed">Складов пока нет: сервис прочитает их с маркетплейса в течение часа</Text>}
      {warehouses.data && warehouses.data.items.length > 0 && (
        <ScrollArea>
          <Table aria-label="Коэффициенты приёмки по складам" withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Избранный</Table.Th>
                <Table.Th>Склад</Table.Th>
                {days.map((date) => (
                  <Table.Th key={date}>{day(date).slice(0, 5)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {warehouses.data.items.map((warehouse) => (
                <GridRow
                  key={warehouse.warehouseId}
                  warehouse={warehouse}
                  days={days}
                  boxTypeId={boxTypeId}
                  onFavourite={(checked) => favourite.mutate({ warehouseId: warehouse.warehouseId, favourite: checked })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {warehouses.data && <PageNav total={warehouses.data.meta.totalPages} value={page} onChange={setPage} label="Страницы складов" />}
    </Stack>
  );
}
