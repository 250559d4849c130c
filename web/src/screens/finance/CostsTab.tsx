import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { NO_VALUE, roublesToKopeck } from '@shared/format';
import { useState } from 'react';

import { useProducts } from '../../api/catalog-queries';
import type { components } from '../../api/schema';
import { CostModal } from '../../ui/CostModal';
import { CostUpload } from '../../ui/CostUpload';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { foundText } from '../../ui/found-text';
import { MarginCell } from '../../ui/MarginCell';
import { PageNav } from '../../ui/PageNav';
import { ProductNameCells } from '../../ui/ProductNameCells';
import { ProductSearchInput } from '../../ui/ProductSearchInput';
import { useSearchText } from '../../ui/use-search-text';
import { PAGE_SIZE } from './finance-queries';

type Product = components['schemas']['ProductItemDto'];

/**
 * The cost prices the P&L's cost of goods reads: each card's one valid today with its margin, its window (history, a new
 * price from a day) and the upload of a file, the same as the catalog's.
 */
export function CostsTab({ mpAccountId }: { mpAccountId: string }) {
  const { search, ...typing } = useSearchText();
  const [page, setPage] = useState(1);
  const [costOf, setCostOf] = useState<Product | null>(null);
  const products = useProducts({ mpAccountId, page, limit: PAGE_SIZE, sort: 'name', sortDir: 'asc', ...(search && { q: search }) });
  const data = products.data;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Себестоимость товара действует с выбранного дня по Москве; в P&L продажа берёт ту, что действовала в день продажи.
      </Text>
      <Group>
        <CostUpload mpAccountId={mpAccountId} />
        <ProductSearchInput typing={typing} onType={() => setPage(1)} />
      </Group>
      <ErrorNotice error={products.error} />
      {data && <Text>{foundText(data.meta.total, search)}</Text>}
      {data && data.items.length > 0 && (
        <Table striped aria-label="Себестоимость товаров">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Товар</Table.Th>
              <Table.Th>Артикул · nmID</Table.Th>
              <Table.Th>Цена со скидкой</Table.Th>
              <Table.Th>Себестоимость</Table.Th>
              <Table.Th>Маржа</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((product) => (
              <Table.Tr key={product.nmId}>
                <ProductNameCells product={product} />
                <Table.Td>{product.discountedPrice === null ? NO_VALUE : roublesToKopeck(product.discountedPrice)}</Table.Td>
                <Table.Td>{product.costPrice === null ? NO_VALUE : roublesToKopeck(product.costPrice)}</Table.Td>
                <MarginCell price={product.discountedPrice} costPrice={product.costPrice} />
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setCostOf(product)}
                    aria-label={`Себестоимость товара ${product.nmId}`}
                  >
                    Себестоимость
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {data && <PageNav total={data.meta.totalPages} value={page} onChange={setPage} label="Страницы товаров" />}
      {costOf && <CostModal mpAccountId={mpAccountId} product={costOf} onClose={() => setCostOf(null)} />}
    </Stack>
  );
}
