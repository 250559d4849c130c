import { Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { catalogQueries, useProducts } from '../../api/catalog-queries';
import { AccountScreen } from '../../ui/AccountScreen';
import { CatalogSyncPanel } from '../../ui/CatalogSyncPanel';
import { CostModal } from '../../ui/CostModal';
import { CostUpload } from '../../ui/CostUpload';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { firstPageOn } from '../../ui/first-page-on';
import { foundText } from '../../ui/found-text';
import { PageNav } from '../../ui/PageNav';
import { ProductSearchInput } from '../../ui/ProductSearchInput';
import { SearchSelect } from '../../ui/SearchSelect';
import { useSearchText } from '../../ui/use-search-text';
import { type Product, ProductTable, Sorting } from './ProductTable';

const PAGE_SIZE = 50;

const DISCOUNT_FILTER = [
  { value: 'with', label: 'Со скидкой' },
  { value: 'without', label: 'Без скидки' },
];

function Catalog({ mpAccountId }: { mpAccountId: string }) {
  const { search, ...typing } = useSearchText();
  const [brandId, setBrandId] = useState<string | null>(null);
  const [discount, setDiscount] = useState<'with' | 'without' | null>(null);
  const [sorting, setSorting] = useState<Sorting>({ sort: 'name', sortDir: 'asc' });
  const [page, setPage] = useState(1);
  const [costOf, setCostOf] = useState<Product | null>(null);
  const products = useProducts({
    mpAccountId,
    page,
    limit: PAGE_SIZE,
    ...sorting,
    ...(search && { q: search }),
    ...(brandId && { brandId }),
    ...(discount && { discount }),
  });
  const filtered = firstPageOn(setPage);

  return (
    <Stack>
      <CatalogSyncPanel mpAccountId={mpAccountId} />
      <Group>
        <CostUpload mpAccountId={mpAccountId} />
      </Group>
      <Group>
        <ProductSearchInput typing={typing} onType={() => setPage(1)} />
        <SearchSelect
          label="Бренд"
          placeholder="Все бренды"
          clearable
          // The brand list (a count over the whole catalog) waits for the first page, so that it does not slow the page down.
          options={(search) => ({ ...catalogQueries.brandChoices(mpAccountId, search), enabled: products.data !== undefined })}
          value={brandId}
          onChange={filtered(setBrandId)}
        />
        <Select
          label="Скидка"
          placeholder="Все товары"
          clearable
          data={DISCOUNT_FILTER}
          value={discount}
          onChange={filtered((value) => setDiscount(value as typeof discount))}
        />
      </Group>
      <ErrorNotice error={products.error} />
      {products.data && (
        <>
          <Text size="sm" c="dimmed">
            {foundText(products.data.meta.total, search)}
          </Text>
          <ProductTable products={products.data.items} sorting={sorting} onSort={filtered(setSorting)} onCost={setCostOf} />
          <PageNav total={products.data.meta.totalPages} value={page} onChange={setPage} />
        </>
      )}
      {costOf && <CostModal mpAccountId={mpAccountId} product={costOf} onClose={() => setCostOf(null)} />}
    </Stack>
  );
}

export default function CatalogScreen() {
  return <AccountScreen title="Каталог" noAccount="Подключите кабинет, чтобы увидеть его каталог" content={Catalog} />;
}
