import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';

import { AccountScreen } from '../../ui/AccountScreen';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ListItems } from './ListItems';
import { ListsPanel } from './ListsPanel';
import { PulseSection } from './PulseSection';
import { PulseSummary } from './PulseSummary';
import { useLists } from './rnp-queries';

/** The pulse summary of the cabinet; then a list of SKUs: its day-by-day pulse against plan, and its items with their plans. */
function Rnp({ mpAccountId }: { mpAccountId: string }) {
  const lists = useLists(mpAccountId);
  const [chosen, setChosen] = useState<string | null>(null);
  const all = lists.data?.items ?? [];
  // The chosen list while it exists, else the newest one.
  const list = all.find((each) => each.id === chosen) ?? all[0];
  return (
    <Stack gap="lg">
      <PulseSummary mpAccountId={mpAccountId} />
      <ErrorNotice error={lists.error} />
      {lists.data && <ListsPanel mpAccountId={mpAccountId} lists={all} list={list} onSelect={setChosen} />}
      {lists.data && !list && <Text c="dimmed">Создайте список товаров, чтобы следить за их пульсом по дням</Text>}
      {list && (
        <Tabs defaultValue="pulse" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="pulse">Пульс по дням</Tabs.Tab>
            <Tabs.Tab value="items">Товары и планы</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="pulse" pt="md">
            <PulseSection key={list.id} mpAccountId={mpAccountId} listId={list.id} />
          </Tabs.Panel>
          <Tabs.Panel value="items" pt="md">
            <ListItems key={list.id} mpAccountId={mpAccountId} list={list} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

export default function RnpScreen() {
  return <AccountScreen title="РнП" noAccount="Подключите кабинет, чтобы следить за пульсом товаров" content={Rnp} />;
}
