import { Group, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

import { InboxLabel, useInbox, useLabelCounts } from '../../../api/inbox-queries';
import { AccountScreen } from '../../../ui/AccountScreen';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { PageNav } from '../../../ui/PageNav';
import { emptyInboxText, inboxFilterQuery, InboxFilters, KIND_OPTIONS, LABEL_TABS, NO_FILTERS, RATING_OPTIONS } from './inbox-text';
import { InboxItemCard } from './InboxItemCard';
import { InboxSyncPanel } from './InboxSyncPanel';

const PAGE_SIZE = 20;
const LABELS = LABEL_TABS.map((tab) => tab.value);
/** Typing in a filter sends at most one request per this interval. */
const TYPING_DEBOUNCE_MS = 300;

function Inbox({ mpAccountId }: { mpAccountId: string }) {
  const [label, setLabel] = useState<InboxLabel>('waiting');
  const [filters, setFilters] = useState<InboxFilters>(NO_FILTERS);
  const [typed] = useDebouncedValue(filters, TYPING_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const filterQuery = { mpAccountId, ...inboxFilterQuery(typed) };
  const items = useInbox({ ...filterQuery, label, page, limit: PAGE_SIZE });
  const counts = useLabelCounts(filterQuery, LABELS, items.data?.items.filter((item) => item.draft?.status === 'pending').length ?? 0);
  const filter = (change: Partial<InboxFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };

  return (
    <Stack>
      <InboxSyncPanel mpAccountId={mpAccountId} />
      <Group align="end">
        <Select
          label="Тип"
          placeholder="Отзывы и вопросы"
          clearable
          data={KIND_OPTIONS}
          value={filters.kind}
          onChange={(kind) => filter({ kind })}
        />
        <Select
          label="Оценка"
          placeholder="Любая"
          clearable
          data={RATING_OPTIONS}
          value={filters.rating}
          onChange={(rating) => filter({ rating })}
        />
        <TextInput label="Товар (nmID)" value={filters.nmId} onChange={(e) => filter({ nmId: e.currentTarget.value })} w={160} />
        <TextInput
          label="Текст"
          placeholder="Текст покупателя или название товара"
          value={filters.text}
          onChange={(e) => filter({ text: e.currentTarget.value })}
          w={300}
        />
      </Group>
      <Tabs
        value={label}
        onChange={(value) => {
          setLabel(value as InboxLabel);
          setPage(1);
        }}
      >
        <Tabs.List aria-label="Состояние ответа">
          {LABEL_TABS.map((tab, index) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label} ({counts[index].data ?? '…'})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ErrorNotice error={items.error ?? counts.find((count) => count.error)?.error} />
      {items.data && (
        <>
          {items.data.items.length === 0 && (
            <Text c="dimmed">
              {emptyInboxText(
                typed,
                counts.map((count) => count.data),
              )}
            </Text>
          )}
          {items.data.items.map((item) => (
            <InboxItemCard key={item.feedbackId} mpAccountId={mpAccountId} item={item} />
          ))}
          <PageNav total={items.data.meta.totalPages} value={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}

export default function InboxScreen() {
  return (
    <AccountScreen title="Отзывы и вопросы" noAccount="Подключите кабинет, чтобы видеть отзывы и вопросы покупателей" content={Inbox} />
  );
}
