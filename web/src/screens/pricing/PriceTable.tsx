import { Table } from '@mantine/core';

import type { Product } from './price-preview';
import { PriceRow } from './PriceRow';

/**
 * The products of a page with their prices editable in place and the margin of the discounted price over the cost price;
 * a row is new when its product's price changes.
 */
export function PriceTable({
  mpAccountId,
  products,
  onHistory,
}: {
  mpAccountId: string;
  products: Product[];
  onHistory: (product: Product) => void;
}) {
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Название</Table.Th>
          <Table.Th>Артикул</Table.Th>
          <Table.Th>Цена, ₽</Table.Th>
          <Table.Th>Скидка, %</Table.Th>
          <Table.Th>Цена со скидкой</Table.Th>
          <Table.Th>Маржа</Table.Th>
          <Table.Th>Действия</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {products.map((product) => (
          <PriceRow
            key={`${product.nmId}:${product.price}:${product.discount}`}
            mpAccountId={mpAccountId}
            product={product}
            onHistory={() => onHistory(product)}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}
