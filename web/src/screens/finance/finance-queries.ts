import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { invalidate } from '../../api/invalidate';
import type { components, paths } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';
import type { FormSave } from '../../ui/use-stored-form';
import type { PnlQuery, TracedField } from './pnl-text';
import type { TransactionFields } from './transaction-form';

export type TransactionQuery = Omit<NonNullable<paths['/accounting/transactions']['get']['parameters']['query']>, 'mpAccountId'>;
export type SummaryPeriod = NonNullable<paths['/accounting/reports/summary']['get']['parameters']['query']>['period'] & string;
/** One figure of one P&L row: what its trace lists the ledger rows of. */
export type TracedFigure = Omit<PnlQuery, 'page' | 'limit' | 'groupBy'> & {
  groupBy: NonNullable<PnlQuery['groupBy']>;
  key: string;
  field: TracedField;
};
export type SettingsFields = Omit<components['schemas']['AccountingSettingsUpdateDto'], 'mpAccountId'>;

export const PAGE_SIZE = 20;

/** The accounting queries of a cabinet; a key without a query is the prefix of every page it names. */
export const financeQueries = {
  all: (mpAccountId: string) => ['accounting', mpAccountId] as const,
  reports: (mpAccountId: string) => [...financeQueries.all(mpAccountId), 'reports'] as const,
  reportPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...financeQueries.reports(mpAccountId), 'page', page],
      queryFn: async () => unwrap(await api.GET('/accounting/reports', { params: { query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    }),
  report: (mpAccountId: string, id: string, page: number) =>
    queryOptions({
      queryKey: [...financeQueries.reports(mpAccountId), 'one', id, page],
      queryFn: async () =>
        unwrap(await api.GET('/accounting/reports/{id}', { params: { path: { id }, query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    }),
  transactions: (mpAccountId: string) => [...financeQueries.all(mpAccountId), 'transactions'] as const,
  transactionPage: (mpAccountId: string, query: TransactionQuery) =>
    queryOptions({
      queryKey: [...financeQueries.transactions(mpAccountId), query],
      queryFn: async () => unwrap(await api.GET('/accounting/transactions', { params: { query: { ...query, mpAccountId } } })),
    }),
  pnl: (mpAccountId: string) => [...financeQueries.all(mpAccountId), 'pnl'] as const,
  pnlPage: (query: PnlQuery) =>
    queryOptions({
      queryKey: [...financeQueries.pnl(query.mpAccountId), query],
      queryFn: async () => unwrap(await api.GET('/accounting/reports/pnl', { params: { query } })),
    }),
  trace: (figure: TracedFigure, page: number) =>
    queryOptions({
      queryKey: [...financeQueries.pnl(figure.mpAccountId), 'trace', figure, page],
      queryFn: async () =>
        unwrap(await api.GET('/accounting/reports/pnl/trace', { params: { query: { ...figure, page, limit: PAGE_SIZE } } })),
    }),
  summary: (mpAccountId: string, period: SummaryPeriod) =>
    queryOptions({
      queryKey: [...financeQueries.all(mpAccountId), 'summary', period],
      queryFn: async () => unwrap(await api.GET('/accounting/reports/summary', { params: { query: { mpAccountId, period } } })),
    }),
  settings: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...financeQueries.all(mpAccountId), 'settings'],
      queryFn: async () => unwrap(await api.GET('/accounting/settings', { params: { query: { mpAccountId } } })),
    }),
};

export function useReports(mpAccountId: string, page: number) {
  return useQuery({ ...financeQueries.reportPage(mpAccountId, page), placeholderData: (previous) => previous });
}

export function useReport(mpAccountId: string, id: string, page: number) {
  return useQuery({ ...financeQueries.report(mpAccountId, id, page), placeholderData: (previous) => previous });
}

export function useStartReportSync(mpAccountId: string) {
  return useMutation({ mutationFn: async () => unwrap(await api.POST('/accounting/reports/sync', { body: { mpAccountId } })) });
}

/** The reports sync's state, polled until it ends; the reports and the ledger are read again once it has. */
export function useReportSyncStatus(mpAccountId: string, jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useJobStatus('/accounting/reports/sync/status/{jobId}', jobId, {
    onFinished: async (status) => {
      if (status.state === 'completed') await queryClient.invalidateQueries({ queryKey: financeQueries.all(mpAccountId) });
    },
  });
}

export function useTransactions(mpAccountId: string, query: TransactionQuery) {
  return useQuery({ ...financeQueries.transactionPage(mpAccountId, query), placeholderData: (previous) => previous });
}

/** A change of the ledger: its pages and the P&L are read again (the reports' lines are the marketplace's and do not change). */
function useLedgerChange<T>(mpAccountId: string, change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => invalidate(queryClient, [financeQueries.transactions(mpAccountId), financeQueries.pnl(mpAccountId)]),
  });
}

/** A new manual operation with every field, or the changed fields of a stored one. */
export function useSaveTransaction(mpAccountId: string) {
  return useLedgerChange(mpAccountId, async (save: FormSave<TransactionFields>) =>
    unwrap(
      save.id === undefined
        ? await api.POST('/accounting/transactions', { body: { ...save.fields, mpAccountId } })
        : await api.PATCH('/accounting/transactions/{id}', { params: { path: { id: save.id } }, body: save.fields }),
    ),
  );
}

export function useDeleteTransaction(mpAccountId: string) {
  return useLedgerChange(mpAccountId, async (id: string) =>
    unwrap(await api.DELETE('/accounting/transactions/{id}', { params: { path: { id } } })),
  );
}

export function usePnl(query: PnlQuery) {
  return useQuery({ ...financeQueries.pnlPage(query), placeholderData: (previous) => previous });
}

export function useTrace(figure: TracedFigure, page: number) {
  return useQuery({ ...financeQueries.trace(figure, page), placeholderData: (previous) => previous });
}

export const useSummary = (mpAccountId: string, period: SummaryPeriod) => useQuery(financeQueries.summary(mpAccountId, period));

export const useSettings = (mpAccountId: string) => useQuery(financeQueries.settings(mpAccountId));

export function useSaveSettings(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: SettingsFields) => unwrap(await api.PATCH('/accounting/settings', { body: { ...fields, mpAccountId } })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(financeQueries.settings(mpAccountId).queryKey, saved);
      await invalidate(queryClient, [financeQueries.pnl(mpAccountId)]);
    },
  });
}
