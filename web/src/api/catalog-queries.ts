import { queryOptions, useQuery } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { CHOICES } from './choices';
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
  brands: (mpAccountId: string) => [...catalogQueries.all(mpAccountId), 'brands'] as const,
  /** The cabinet's brands whose name holds the search, as options. */
  brandChoices: (mpAccountId: string, q: string) =>
    queryOptions({
      queryKey: [...catalogQueries.brands(mpAccountId), q],
      queryFn: async () =>
        unwrap(await api.GET('/brands', { params: { query: { mpAccountId, limit: CHOICES, ...(q && { q }) } } })).items.map((brand) => ({
          value: brand.id,
          label: brand.name,
        })),
    }),
  costs: (mpAccountId: string) => [...catalogQueries.all(mpAccountId), 'costs'] as const,
  /** One card's cost prices, newest day first, and the one valid today. */
  costHistory: (mpAccountId: string, nmId: number) =>
    queryOptions({
      queryKey: [...catalogQueries.costs(mpAccountId), nmId],
      queryFn: async () => unwrap(await api.GET('/catalog/products/{nmId}/costs', { params: { path: { nmId }, query: { mpAccountId } } })),
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

/** The account's sync state (not a job: the catalog has no job route), polled while a sync runs. */
export function useSyncStatus(mpAccountId: string) {
  return useQuery({
    ...catalogQueries.syncStatus(mpAccountId),
    refetchInterval: pollWhile((status) => status?.state === 'running'),
  });
}
