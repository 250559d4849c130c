import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Marks the queries under each key stale (the shown ones are read again); settles when all are read. */
export const invalidate = (queryClient: QueryClient, keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
