import { Stack, Table, Text, Title } from '@mantine/core';
import { roubles } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageNav } from '../../ui/PageNav';
import { useRepricerProducts } from './repricer-queries';
import { actionText } from './rule-text';

/** The products with the rule that a run without metrics and brands (manual, scheduled) would apply to each. */
export function RuleProducts({ mpAccountId }: { mpAccountId: string }) {
  const [page, setPage] = useState(1);
  const products = useRepricerProducts(mpAccountId, page);
  return (
    <Stack>
      <Title order={3}>Товары и правила</Title>
      <Text size="sm" c="dimmed">
        Правило товара — то, что применит ручной запуск или запуск по расписанию: самое раннее включённое правило «всегда» для этого товара
        или списка.
      </Text>
      <ErrorNotice error={products.error} />
      {products.data && (
        <Table striped aria-label="Товары и правила">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Товар</Table.Th>
              <Table.Th>nmID</Table.Th>
              <Table.Th>Цена</Table.Th>
              <Table.Th>Правило</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.data.items.map((product) => (
              <Table.Tr key={product.nmId}>
                <Table.Td>{product.title}</Table.Td>
                <Table.Td>{product.nmId}</Table.Td>
                <Table.Td>{roubles(product.price)}</Table.Td>
                <Table.Td>{product.rule ? `${product.rule.name} (${actionText(product.rule)})` : 'нет'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {products.data && <PageNav total={products.data.meta.totalPages} value={page} onChange={setPage} label="Страницы товаров" />}
    </Stack>
  );
}
