import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';

import { useProducts } from '../../api/catalog-queries';
import { AccountScreen } from '../../ui/AccountScreen';
import { CatalogSyncPanel } from '../../ui/CatalogSyncPanel';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { foundText } from '../../ui/found-text';
import { PageNav } from '../../ui/PageNav';
import { ProductSearchInput } from '../../ui/ProductSearchInput';
import { useSearchText } from '../../ui/use-search-text';
import { BulkChange } from './BulkChange';
import type { Product } from './price-preview';
import { PriceHistoryModal } from './PriceHistoryModal';
import { PriceTable } from './PriceTable';

const PAGE_SIZE = 20;

function Prices({ mpAccountId }: { mpAccountId: string }) {
  const { search, ...typing } = useSearchText();
  const [page, setPage] = useState(1);
  const [historyOf, setHistoryOf] = useState<Product | null>(null);
  const products = useProducts({ mpAccountId, page, limit: PAGE_SIZE, sort: 'name', sortDir: 'asc', ...(search && { q: search }) });

  return (
    <Stack>
      <CatalogSyncPanel mpAccountId={mpAccountId} />
      <ProductSearchInput typing={typing} onType={() => setPage(1)} />
      <Tabs defaultValue="table">
        <Tabs.List>
          <Tabs.Tab value="table">Цены товаров</Tabs.Tab>
          <Tabs.Tab value="bulk">Пакетное изменение</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="table" pt="md">
          <Stack>
            <ErrorNotice error={products.error} />
            {products.data && (
              <>
                <Text size="sm" c="dimmed">
                  {foundText(products.data.meta.total, search)}
                </Text>
                <PriceTable mpAccountId={mpAccountId} products={products.data.items} onHistory={setHistoryOf} />
                <PageNav total={products.data.meta.totalPages} value={page} onChange={setPage} />
              </>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="bulk" pt="md">
          <BulkChange mpAccountId={mpAccountId} search={search} />
        </Tabs.Panel>
      </Tabs>
      {historyOf && <PriceHistoryModal mpAccountId={mpAccountId} product={historyOf} onClose={() => setHistoryOf(null)} />}
    </Stack>
  );
}

export default function PricesScreen() {
  return <AccountScreen title="Цены" noAccount="Подключите кабинет, чтобы менять цены его товаров" content={Prices} />;
}
