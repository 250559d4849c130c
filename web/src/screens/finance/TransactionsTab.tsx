import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { number } from '@shared/format';
import { useState } from 'react';

import { ErrorNotice } from '../../ui/ErrorNotice';
import { nmIdOf } from '../../ui/nm-id';
import { PageNav } from '../../ui/PageNav';
import { PAGE_SIZE, type TransactionQuery, useTransactions } from './finance-queries';
import { LEDGER_SOURCE_TEXT, LEDGER_TYPE_TEXT, type LedgerSource, type LedgerType } from './finance-text';
import { LedgerTable } from './LedgerTable';
import { TaxSettingsForm } from './TaxSettingsForm';
import type { Transaction } from './transaction-form';
import { TransactionForm } from './TransactionForm';

const TYPE_FILTER = [{ value: '', label: 'Все виды' }, ...Object.entries(LEDGER_TYPE_TEXT).map(([value, label]) => ({ value, label }))];
const SOURCE_FILTER = [
  { value: '', label: 'Все источники' },
  ...Object.entries(LEDGER_SOURCE_TEXT).map(([value, label]) => ({ value, label })),
];

interface Filters {
  dateFrom: string;
  dateTo: string;
  type: LedgerType | '';
  source: LedgerSource | '';
  nmId: string;
}

const NO_FILTERS: Filters = { dateFrom: '', dateTo: '', type: '', source: '', nmId: '' };

/** The ledger's query of the filters: an empty one is none, an nmID that is not one is left out (the field says so). */
function queryOf(filters: Filters, page: number): TransactionQuery {
  const nmId = nmIdOf(filters.nmId);
  return {
    page,
    limit: PAGE_SIZE,
    ...(filters.dateFrom && { dateFrom: filters.dateFrom }),
    ...(filters.dateTo && { dateTo: filters.dateTo }),
    ...(filters.type && { type: filters.type }),
    ...(filters.source && { source: filters.source }),
    ...(nmId !== null && { nmId }),
  };
}

/**
 * The ledger of the cabinet, newest day first, filtered; the seller's own operations are added, changed and deleted here,
 * the marketplace's are read-only. The tax settings of the P&L sit above it.
 */
export function TransactionsTab({ mpAccountId }: { mpAccountId: string }) {
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  // null: the new operation's form; undefined: no form.
  const [editing, setEditing] = useState<Transaction | null | undefined>(undefined);
  const transactions = useTransactions(mpAccountId, queryOf(filters, page));
  const data = transactions.data;
  const filter =
    <K extends keyof Filters>(key: K) =>
    (value: Filters[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    };
  const nmIdRefused = filters.nmId.trim() !== '' && nmIdOf(filters.nmId) === null;

  return (
    <Stack>
      <TaxSettingsForm mpAccountId={mpAccountId} />
      <Group align="flex-end">
        <TextInput
          type="date"
          label="С"
          aria-label="Операции: с"
          value={filters.dateFrom}
          onChange={(e) => filter('dateFrom')(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="По"
          aria-label="Операции: по"
          value={filters.dateTo}
          onChange={(e) => filter('dateTo')(e.currentTarget.value)}
        />
        <NativeSelect
          label="Вид"
          data={TYPE_FILTER}
          value={filters.type}
          onChange={(e) => filter('type')(e.currentTarget.value as Filters['type'])}
        />
        <NativeSelect
          label="Источник"
          data={SOURCE_FILTER}
          value={filters.source}
          onChange={(e) => filter('source')(e.currentTarget.value as Filters['source'])}
        />
        <TextInput
          label="nmID"
          inputMode="numeric"
          w={140}
          value={filters.nmId}
          onChange={(e) => filter('nmId')(e.currentTarget.value)}
          error={nmIdRefused && 'Целое положительное число'}
        />
        {editing === undefined && <Button onClick={() => setEditing(null)}>Новая операция</Button>}
      </Group>
      {editing !== undefined && (
        <TransactionForm key={editing?.id ?? 'new'} mpAccountId={mpAccountId} editing={editing} onDone={() => setEditing(undefined)} />
      )}
      <ErrorNotice error={transactions.error} />
      {data && <Text>Операций: {number(data.meta.total)}</Text>}
      {data && data.items.length > 0 && <LedgerTable mpAccountId={mpAccountId} items={data.items} onEdit={setEditing} />}
      {data && <PageNav total={data.meta.totalPages} value={page} onChange={setPage} label="Страницы операций" />}
    </Stack>
  );
}
