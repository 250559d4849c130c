import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { invalidate } from '../../api/invalidate';
import { notificationQueries } from '../../api/notification-queries';
import type { paths } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';
import type { DayRange } from '../../ui/DayRangeInputs';
import type { ReportPeriod } from './import-periods';

export const ROWS_PAGE = 20;

const rangeQuery = (range: DayRange) => ({ ...(range.from && { from: range.from }), ...(range.to && { to: range.to }) });

type RowsPath = '/digitization/orders' | '/digitization/sales' | '/digitization/financial-report';
type Rows<P extends RowsPath> = paths[P]['get']['responses'][200]['content']['application/json'];

/** The imports' queries of a cabinet: `rows` is the prefix of every list an import writes. */
export const importQueries = {
  rows: (mpAccountId: string) => ['digitization', mpAccountId, 'rows'] as const,
  rowPage: <P extends RowsPath>(path: P, mpAccountId: string, range: DayRange, page: number) =>
    queryOptions({
      queryKey: [...importQueries.rows(mpAccountId), path, range, page],
      // openapi-fetch types a call by one literal path; the three lists share their query, so one of them types the call.
      queryFn: async (): Promise<Rows<P>> =>
        unwrap(
          await api.GET(path as '/digitization/orders', {
            params: { query: { mpAccountId, page, limit: ROWS_PAGE, ...rangeQuery(range) } },
          }),
        ) as Rows<P>,
    }),
  reportSummary: (mpAccountId: string, period: ReportPeriod) =>
    queryOptions({
      queryKey: [...importQueries.rows(mpAccountId), 'summary', period],
      queryFn: async () =>
        unwrap(await api.GET('/digitization/financial-report/summary', { params: { query: { mpAccountId, ...period } } })),
    }),
};

export function useStartFeedsImport(mpAccountId: string) {
  return useMutation({
    mutationFn: async (dateFrom: string) => unwrap(await api.POST('/digitization/import', { body: { mpAccountId, dateFrom } })),
  });
}

export function useStartReportImport(mpAccountId: string) {
  return useMutation({
    mutationFn: async (period: ReportPeriod) =>
      unwrap(await api.POST('/digitization/financial-report/import', { body: { mpAccountId, ...period } })),
  });
}

/**
 * An import's status, polled until it ends; then the imported rows and the notification bell are read again, as the
 * import wrote the one and created the other (spec: Import rule 8).
 */
export function useImportStatus(mpAccountId: string, jobId: string) {
  const queryClient = useQueryClient();
  return useJobStatus('/digitization/import/status/{jobId}', jobId, {
    onFinished: () => invalidate(queryClient, [importQueries.rows(mpAccountId), notificationQueries.all()]),
  });
}

/** One page of imported rows of a day range, newest first. */
export function useImportedRows<P extends RowsPath>(path: P, mpAccountId: string, range: DayRange, page: number) {
  return useQuery({ ...importQueries.rowPage(path, mpAccountId, range, page), placeholderData: keepPreviousData });
}

/** The realisation report's totals by week (by report) for reports whose first day is in the range. */
export function useReportSummary(mpAccountId: string, period: ReportPeriod) {
  return useQuery({ ...importQueries.reportSummary(mpAccountId, period), placeholderData: keepPreviousData });
}
