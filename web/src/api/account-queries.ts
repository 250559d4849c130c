import { queryOptions } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { api } from './client';

/** The seller's cabinets and the outbound quota of each. */
export const accountQueries = {
  list: () =>
    queryOptions({
      queryKey: ['mp-accounts', 'list'],
      // The first hundred, which is every seller's whole list in practice.
      queryFn: async () =>
        unwrap(await api.GET('/mp-accounts', { params: { query: { limit: 100, sortBy: 'name', sortDirection: 'asc' } } })),
    }),
  quota: (mpAccountId: string) =>
    queryOptions({
      queryKey: ['mp-accounts', mpAccountId, 'quota'],
      queryFn: async () => unwrap(await api.GET('/mp-accounts/{id}/quota', { params: { path: { id: mpAccountId } } })),
    }),
};
