import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import { catalogQueries, useProducts } from '../../api/catalog-queries';
import { AccountScreen } from '../../ui/AccountScreen';
import { CatalogSyncPanel } from '../../ui/CatalogSyncPanel';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { foundText } from '../../ui/found-text';
import { PageNav } from '../../ui/PageNav';
import { SearchSelect } from '../../ui/SearchSelect';
import { ProductTable, Sorting } from './ProductTable';

const PAGE_SIZE = 50;
/** Search as you type sends at most one request per this interval. */
const SEARCH_DEBOUNCE_MS = 300;

const DISCOUNT_FILTER = [
  { value: 'with', label: 'Со скидкой' },
  { value: 'without', label: 'Без скидки' },
];

function Catalog({ mpAccountId }: { mpAccountId: string }) {
  const [q, setQ] = useState('');
  const [search] = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const [brandId, setBrandId] = useState<string | null>(null);
  const [discount, setDiscount] = useState<'with' | 'without' | null>(null);
  const [sorting, setSorting] = useState<Sorting>({ sort: 'name', sortDir: 'asc' });
  const [page, setPage] = useState(1);
  const products = useProducts({
    mpAccountId,
    page,
    limit: PAGE_SIZE,
    ...sorting,
    ...(search && { q: search }),
    ...(brandId && { brandId }),
    ...(discount && { discount }),
  });
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <Stack>
      <CatalogSyncPanel mpAccountId={mpAccountId} />
      <Group>
        <TextInput
          label="Поиск"
          placeholder="Название, артикул продавца или nmID"
          value={q}
          onChange={(e) => filtered(setQ)(e.currentTarget.value)}
          w={320}
        />
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
          <ProductTable products={products.data.items} sorting={sorting} onSort={filtered(setSorting)} />
          <PageNav total={products.data.meta.totalPages} value={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

export default function CatalogScreen() {
  return <AccountScreen title="Каталог" noAccount="Подключите кабинет, чтобы увидеть его каталог" content={Catalog} />;
}
