import { Badge, Table } from '@mantine/core';

import type { components } from '../api/schema';

type Product = components['schemas']['ProductItemDto'];

/** The title (marked while a sent price is not yet seen by a sync) and the articles of a product, as two table cells. */
export function ProductNameCells({ product }: { product: Product }) {
  return (
    <>
      <Table.Td>
        {product.title} {product.pricePending && <Badge size="xs">цена отправлена</Badge>}
      </Table.Td>
      <Table.Td>
        {product.vendorCode} · {product.nmId}
      </Table.Td>
    </>
  );
}
