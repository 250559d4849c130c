import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { NO_VALUE, number } from '@shared/format';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { useSupply } from './booking-queries';

/** A count the marketplace may not have given yet. */
const countOf = (value: number | null) => (value === null ? NO_VALUE : number(value));

/** The goods of one supply: what was sent, accepted and put on sale, by size. */
export function SupplyGoods({ mpAccountId, supplyId, onClose }: { mpAccountId: string; supplyId: string; onClose: () => void }) {
  const supply = useSupply(mpAccountId, supplyId);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Товары поставки № {supplyId}</Title>
        <Button variant="subtle" onClick={onClose}>
          Закрыть
        </Button>
      </Group>
      <ErrorNotice error={supply.error} />
      {supply.data && !supply.data.goods.length && <Text c="dimmed">Маркетплейс не передал товары этой поставки</Text>}
      {supply.data && supply.data.goods.length > 0 && (
        <Table striped aria-label={`Товары поставки № ${supplyId}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Артикул WB</Table.Th>
              <Table.Th>Артикул продавца</Table.Th>
              <Table.Th>Размер</Table.Th>
              <Table.Th>Баркод</Table.Th>
              <Table.Th>Отправлено</Table.Th>
              <Table.Th>Принято</Table.Th>
              <Table.Th>В продаже</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {supply.data.goods.map((good) => (
              <Table.Tr key={good.barcode}>
                <Table.Td>{good.nmId}</Table.Td>
                <Table.Td>{good.vendorCode}</Table.Td>
                <Table.Td>{good.techSize}</Table.Td>
                <Table.Td>{good.barcode}</Table.Td>
                <Table.Td>{number(good.quantity)}</Table.Td>
                <Table.Td>{countOf(good.acceptedQuantity)}</Table.Td>
                <Table.Td>{countOf(good.readyForSaleQuantity)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
