import { Image, Table, UnstyledButton } from '@mantine/core';
import { percent, roubles } from '@shared/format';

import type { SortColumn } from '../../api/catalog-queries';
import type { components } from '../../api/schema';
import { ProductNameCells } from '../../ui/ProductNameCells';

type Product = components['schemas']['ProductItemDto'];

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

/** The products with photo, title, articles, brand, prices and discounts; the sortable columns sort on click. */
export function ProductTable({ products, sorting, onSort }: { products: Product[]; sorting: Sorting; onSort: (s: Sorting) => void }) {
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
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
