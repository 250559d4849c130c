import { Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { NO_VALUE, number } from '@shared/format';
import { useMemo } from 'react';

import { ChartSection } from '../../ui/ChartSection';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useStock } from './inventory-queries';
import { stockChart } from './stock-chart';
import { warehousesText } from './stock-text';

/** One product's stock by size: where each size lies, what is on its way, and its stock and orders of the last 30 days. */
export function StockSizes({ mpAccountId, nmId, onClose }: { mpAccountId: string; nmId: number; onClose: () => void }) {
  const stock = useStock(mpAccountId, nmId);
  const label = stock.data ? `${stock.data.title} (${nmId})` : String(nmId);
  const chart = useMemo(() => stock.data && stockChart(stock.data.points), [stock.data]);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Остатки по размерам: {label}</Title>
        <Button variant="subtle" onClick={onClose}>
          Закрыть
        </Button>
      </Group>
      <ErrorNotice error={stock.error} />
      {stock.data && chart && (
        <Stack>
          <Table aria-label={`Остатки по размерам: ${label}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Размер</Table.Th>
                <Table.Th>Баркод</Table.Th>
                <Table.Th>Остаток</Table.Th>
                <Table.Th>В пути к покупателям</Table.Th>
                <Table.Th>Возвраты в пути</Table.Th>
                <Table.Th>Склады</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stock.data.sizes.map((size) => (
                <Table.Tr key={size.techSize}>
                  <Table.Td>{size.techSize}</Table.Td>
                  <Table.Td>{size.barcode ?? NO_VALUE}</Table.Td>
                  <Table.Td>{number(size.quantity)}</Table.Td>
                  <Table.Td>{number(size.inWayToClient)}</Table.Td>
                  <Table.Td>{number(size.inWayFromClient)}</Table.Td>
                  <Table.Td>{warehousesText(size.warehouses)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ChartSection chart={chart} order={5} />
        </Stack>
      )}
    </Paper>
  );
}
