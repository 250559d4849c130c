import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { catalogQueries } from '../../api/catalog-queries';
import { api } from '../../api/client';
import { invalidate } from '../../api/invalidate';
import type { components } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';
import type { PriceItem, Product } from './price-preview';

export type BulkReport = components['schemas']['PriceBulkReportDto'];
export type PriceHistoryItem = components['schemas']['PriceHistoryItemDto'];

/** Spec: Limits, Other bounds: a page holds at most 100 items. */
const PAGE_LIMIT_MAX = 100;
/** GET /catalog/products looks up at most this many nmIds in one call. */
const LOOKUP_MAX = 1000;
const HISTORY_PAGE_SIZE = 10;

/** The price history of a cabinet; `history` is the prefix of every product's pages. */
export const priceQueries = {
  history: (mpAccountId: string) => ['prices', mpAccountId, 'history'] as const,
  historyPage: (mpAccountId: string, nmId: number, page: number) =>
    queryOptions({
      queryKey: [...priceQueries.history(mpAccountId), nmId, page],
      queryFn: async () =>
        unwrap(await api.GET('/pricing/history', { params: { query: { mpAccountId, nmId, page, limit: HISTORY_PAGE_SIZE } } })),
    }),
};

/** Every product of the cabinet, or those matching a search, read page by page. */
export async function allProducts(mpAccountId: string, q?: string): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; ; page++) {
    const query = { mpAccountId, sort: 'name', sortDir: 'asc', page, limit: PAGE_LIMIT_MAX, ...(q && { q }) } as const;
    const { items, meta } = unwrap(await api.GET('/catalog/products', { params: { query } }));
    products.push(...items);
    if (!meta.hasNext) return products;
  }
}

/**
 * The cabinet's products among these nmIDs, a call per 1 000 of them; the ids go comma-separated, which keeps 1 000 of
 * them inside the server's header limit.
 */
export async function productsByNmIds(mpAccountId: string, nmIds: readonly number[]): Promise<Product[]> {
  const calls = [];
  for (let start = 0; start < nmIds.length; start += LOOKUP_MAX) {
    const query = { mpAccountId, nmIds: nmIds.slice(start, start + LOOKUP_MAX) };
    calls.push(api.GET('/catalog/products', { params: { query }, querySerializer: { array: { style: 'form', explode: false } } }));
  }
  return (await Promise.all(calls)).flatMap((response) => unwrap(response).items);
}

/** After a change: the catalog's products (this screen's table with them) and the price history are read again. */
const refreshPrices = (queryClient: QueryClient, mpAccountId: string) =>
  invalidate(queryClient, [catalogQueries.products(mpAccountId), priceQueries.history(mpAccountId)]);

/** Spec: Pricing routes 1. One product's price (and discount) sent synchronously; the catalog and history are read again. */
export function useSetPrice(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: PriceItem) => unwrap(await api.POST('/pricing/price', { body: { mpAccountId, ...item } })),
    onSuccess: () => refreshPrices(queryClient, mpAccountId),
  });
}

export function usePriceHistory(mpAccountId: string, nmId: number, page: number) {
  return useQuery({ ...priceQueries.historyPage(mpAccountId, nmId, page), placeholderData: (previous) => previous });
}

export function useSendBulk(mpAccountId: string) {
  return useMutation({
    mutationFn: async (items: PriceItem[]) => unwrap(await api.POST('/pricing/bulk', { body: { mpAccountId, items } })),
  });
}

/** A bulk job's report, polled until the job ends (or the report cannot be read); then the catalog and history are read again. */
export function useBulkReport(mpAccountId: string, bulkJobId: string) {
  const queryClient = useQueryClient();
  return useJobStatus('/pricing/bulk/{id}', bulkJobId, { onFinished: () => refreshPrices(queryClient, mpAccountId) });
}
