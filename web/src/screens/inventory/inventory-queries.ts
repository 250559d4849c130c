import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { components, paths } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';

export type StockItem = components['schemas']['InventoryStockItemDto'];
export type StockQuery = Omit<NonNullable<paths['/inventory/stocks']['get']['parameters']['query']>, 'mpAccountId'>;

export const PAGE_SIZE = 20;

/** The inventory queries of a cabinet; a key without a query is the prefix of every page it names. */
export const inventoryQueries = {
  all: (mpAccountId: string) => ['inventory', mpAccountId] as const,
  stocks: (mpAccountId: string) => [...inventoryQueries.all(mpAccountId), 'stocks'] as const,
  stockPage: (mpAccountId: string, query: StockQuery) =>
    queryOptions({
      queryKey: [...inventoryQueries.stocks(mpAccountId), query],
      queryFn: async () => unwrap(await api.GET('/inventory/stocks', { params: { query: { ...query, mpAccountId } } })),
    }),
  stock: (mpAccountId: string, nmId: number) =>
    queryOptions({
      queryKey: [...inventoryQueries.stocks(mpAccountId), 'one', nmId],
      queryFn: async () => unwrap(await api.GET('/inventory/stocks/{nmId}', { params: { path: { nmId }, query: { mpAccountId } } })),
    }),
};

export function useStocks(mpAccountId: string, query: StockQuery) {
  return useQuery({ ...inventoryQueries.stockPage(mpAccountId, query), placeholderData: (previous) => previous });
}

export function useStock(mpAccountId: string, nmId: number) {
  return useQuery(inventoryQueries.stock(mpAccountId, nmId));
}

export function useStartInventorySync(mpAccountId: string) {
  return useMutation({ mutationFn: async () => unwrap(await api.POST('/inventory/sync', { body: { mpAccountId } })) });
}

/** The stock sync's state, polled until it ends; everything of the inventory is read again once it has. */
export function useInventorySyncStatus(mpAccountId: string, jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useJobStatus('/inventory/sync/status/{jobId}', jobId, {
    onFinished: async (status) => {
      if (status.state === 'completed') await queryClient.invalidateQueries({ queryKey: inventoryQueries.all(mpAccountId) });
    },
  });
}

export type StockStatus = StockItem['status'];
export type Plan = components['schemas']['InventoryPlanDto'];

export function useAlerts(mpAccountId: string) {
  return useQuery({
    queryKey: [...inventoryQueries.all(mpAccountId), 'alerts'],
    queryFn: async () => unwrap(await api.GET('/inventory/alerts', { params: { query: { mpAccountId } } })),
  });
}

/**
 * A replenishment plan with the account's settings: every SKU's units to send, computed and kept by the service; with
 * a warehouse, against the stock at that warehouse only, and its lines name it.
 */
export function useCreatePlan(mpAccountId: string) {
  return useMutation({
    mutationFn: async (warehouseId: number | null) =>
      unwrap(await api.POST('/inventory/plans', { body: { mpAccountId, ...(warehouseId !== null && { warehouseIds: [warehouseId] }) } })),
  });
}
