import { queryOptions, useQuery } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { api } from './client';
import { pollWhile } from './poll';
import type { paths } from './schema';

export type ProductQuery = NonNullable<paths['/catalog/products']['get']['parameters']['query']>;
export type SortColumn = NonNullable<ProductQuery['sort']>;

/** The catalog's queries of a cabinet; a key without a query is the prefix of every page it names. */
export const catalogQueries = {
  all: (mpAccountId: string) => ['catalog', mpAccountId] as const,
  products: (mpAccountId: string) => [...catalogQueries.all(mpAccountId), 'products'] as const,
  productPage: (query: ProductQuery & { mpAccountId: string }) =>
    queryOptions({
      queryKey: [...catalogQueries.products(query.mpAccountId), query],
      queryFn: async () => unwrap(await api.GET('/catalog/products', { params: { query } })),
    }),
  brands: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...catalogQueries.all(mpAccountId), 'brands'],
      queryFn: async () => unwrap(await api.GET('/brands', { params: { query: { mpAccountId, limit: 100 } } })),
    }),
  syncStatus: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...catalogQueries.all(mpAccountId), 'sync'],
      queryFn: async () => unwrap(await api.GET('/catalog/sync/status', { params: { query: { mpAccountId } } })),
    }),
};

export function useProducts(query: ProductQuery & { mpAccountId: string }) {
  return useQuery({ ...catalogQueries.productPage(query), placeholderData: (previous) => previous });
}

/** The brands of a cabinet; none is asked for until a cabinet is chosen. */
export function useBrands(mpAccountId: string | null) {
  return useQuery({ ...catalogQueries.brands(mpAccountId ?? ''), enabled: mpAccountId !== null });
}

/** The account's sync state (not a job: the catalog has no job route), polled while a sync runs. */
export function useSyncStatus(mpAccountId: string) {
  return useQuery({
    ...catalogQueries.syncStatus(mpAccountId),
    refetchInterval: pollWhile((status) => status?.state === 'running'),
  });
}
