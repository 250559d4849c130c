import { useQuery } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { api } from './client';
import type { paths } from './schema';

export type ProductQuery = NonNullable<paths['/catalog/products']['get']['parameters']['query']>;
export type SortColumn = NonNullable<ProductQuery['sort']>;

const SYNC_POLL_MS = 1_000;

export const syncStatusKey = (mpAccountId: string) => ['catalog', mpAccountId, 'sync'] as const;

export function useProducts(query: ProductQuery & { mpAccountId: string }) {
  return useQuery({
    queryKey: ['catalog', query.mpAccountId, 'products', query],
    queryFn: async () => unwrap(await api.GET('/catalog/products', { params: { query } })),
    placeholderData: (previous) => previous,
  });
}

/** The brands of a cabinet; none is asked for until a cabinet is chosen. */
export function useBrands(mpAccountId: string | null) {
  return useQuery({
    queryKey: ['catalog', mpAccountId, 'brands'],
    queryFn: async () => unwrap(await api.GET('/brands', { params: { query: { mpAccountId: mpAccountId!, limit: 100 } } })),
    enabled: mpAccountId !== null,
  });
}

/** The sync state, polled while a sync runs. */
export function useSyncStatus(mpAccountId: string) {
  return useQuery({
    queryKey: syncStatusKey(mpAccountId),
    queryFn: async () => unwrap(await api.GET('/catalog/sync/status', { params: { query: { mpAccountId } } })),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? SYNC_POLL_MS : false),
  });
}
