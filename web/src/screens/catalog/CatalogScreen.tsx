import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import { useCurrentAccountId } from '../../layout/current-account';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageSwitch } from '../../ui/PageSwitch';
import { useBrands, useProducts } from './catalog-queries';
import { ProductTable, Sorting } from './ProductTable';
import { SyncPanel } from './SyncPanel';

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
  const brands = useBrands(mpAccountId);
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
      <SyncPanel mpAccountId={mpAccountId} />
      <Group>
        <TextInput
          label="Поиск"
          placeholder="Название, артикул продавца или nmID"
          value={q}
          onChange={(e) => filtered(setQ)(e.currentTarget.value)}
          w={320}
        />
        <Select
          label="Бренд"
          placeholder="Все бренды"
          clearable
          data={(brands.data?.items ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
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
      <ErrorNotice error={products.error ?? brands.error} />
      {products.data && (
        <>
          <Text size="sm" c="dimmed">
            Найдено: {products.data.meta.total}
          </Text>
          <ProductTable products={products.data.items} sorting={sorting} onSort={filtered(setSorting)} />
          <PageSwitch totalPages={products.data.meta.totalPages} page={page} onChange={setPage} label="Страницы" />
        </>
      )}
    </Stack>
  );
}

export default function CatalogScreen() {
  const mpAccountId = useCurrentAccountId();
  return (
    <Stack>
      <Title order={2}>Каталог</Title>
      {mpAccountId ? (
        <Catalog key={mpAccountId} mpAccountId={mpAccountId} />
      ) : (
        <Text c="dimmed">Подключите кабинет, чтобы увидеть его каталог</Text>
      )}
    </Stack>
  );
}
