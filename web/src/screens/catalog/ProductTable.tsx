import { Button, Image, Table, UnstyledButton } from '@mantine/core';
import { NO_VALUE, percent, roubles, roublesToKopeck } from '@shared/format';

import type { SortColumn } from '../../api/catalog-queries';
import type { components } from '../../api/schema';
import { MarginCell } from '../../ui/MarginCell';
import { ProductNameCells } from '../../ui/ProductNameCells';

export type Product = components['schemas']['ProductItemDto'];

export interface Sorting {
  sort: SortColumn;
  sortDir: 'asc' | 'desc';
}

function SortHeader({
  column,
  label,
  sorting,
  onSort,
}: {
  column: SortColumn;
  label: string;
  sorting: Sorting;
  onSort: (s: Sorting) => void;
}) {
  const active = sorting.sort === column;
  const next: Sorting = { sort: column, sortDir: active && sorting.sortDir === 'asc' ? 'desc' : 'asc' };
  return (
    <Table.Th aria-sort={active ? (sorting.sortDir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(next)} fw={600} fz="sm">
        {label} {active ? (sorting.sortDir === 'asc' ? '↑' : '↓') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The products with photo, title, articles, brand, prices, discounts, the cost price valid today and the discounted
 * price's margin over it; the sortable columns sort on click, a row's button opens its cost price.
 */
export function ProductTable({
  products,
  sorting,
  onSort,
  onCost,
}: {
  products: Product[];
  sorting: Sorting;
  onSort: (s: Sorting) => void;
  onCost: (product: Product) => void;
}) {
  const header = { sorting, onSort };
  return (
    <Table striped highlightOnHover aria-label="Товары">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Фото</Table.Th>
          <SortHeader column="name" label="Название" {...header} />
          <Table.Th>Артикул</Table.Th>
          <Table.Th>Бренд</Table.Th>
          <SortHeader column="price" label="Цена" {...header} />
          <SortHeader column="discountPercent" label="Скидка" {...header} />
          <SortHeader column="discountedPrice" label="Цена со скидкой" {...header} />
          <Table.Th>Скидка клуба</Table.Th>
          <Table.Th>Себестоимость</Table.Th>
          <Table.Th>Маржа</Table.Th>
          <Table.Th>Действия</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {products.map((product) => (
          <Table.Tr key={product.nmId}>
            <Table.Td>{product.photo && <Image src={product.photo} alt="" w={40} h={40} fit="cover" />}</Table.Td>
            <ProductNameCells product={product} />
            <Table.Td>{product.brand}</Table.Td>
            <Table.Td>{roubles(product.price)}</Table.Td>
            <Table.Td>{percent(product.discount)}</Table.Td>
            <Table.Td>{roubles(product.discountedPrice)}</Table.Td>
            <Table.Td>{percent(product.clubDiscount)}</Table.Td>
            <Table.Td>{product.costPrice === null ? NO_VALUE : roublesToKopeck(product.costPrice)}</Table.Td>
            <MarginCell price={product.discountedPrice} costPrice={product.costPrice} />
            <Table.Td>
              <Button size="xs" variant="default" onClick={() => onCost(product)} aria-label={`Себестоимость товара ${product.nmId}`}>
                Себестоимость
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
