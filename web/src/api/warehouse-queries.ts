import { queryOptions } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { CHOICES } from './choices';
import { api } from './client';

/**
 * The account's FBW warehouses as choices: a slot-watch task watches them, a plan counts the stock of one. Under the
 * booking queries' key, so that a change of a warehouse on the supplies screen reads them again.
 */
export const warehouseQueries = {
  all: (mpAccountId: string) => ['booking', mpAccountId, 'warehouses'] as const,
  /** The warehouses whose name holds the search (or whose number it is), as options. */
  choices: (mpAccountId: string, q: string) =>
    queryOptions({
      queryKey: [...warehouseQueries.all(mpAccountId), 'choices', q] as const,
      queryFn: async () =>
        unwrap(await api.GET('/booking/warehouses', { params: { query: { mpAccountId, limit: CHOICES, ...(q && { q }) } } })).items.map(
          (warehouse) => ({ value: String(warehouse.warehouseId), label: warehouse.name }),
        ),
    }),
};
