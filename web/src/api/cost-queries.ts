import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiError, unwrap } from './api-error';
import { catalogQueries } from './catalog-queries';
import { api } from './client';
import { invalidate } from './invalidate';
import type { components } from './schema';

export type CostItem = components['schemas']['CostItemDto'];

/** POST /catalog/costs takes at most this many items (catalog-costs.dto.ts). */
export const COST_ITEMS_MAX = 1000;

/** What an upload saved, and the refusal that stopped it (the items from there on are not saved). */
export interface CostUploadResult {
  saved: number;
  total: number;
  error: unknown;
}

/** After a change: the products (their cost price and margin) and the cost histories are read again. */
const refreshCosts = (queryClient: QueryClient, mpAccountId: string) =>
  invalidate(queryClient, [catalogQueries.products(mpAccountId), catalogQueries.costs(mpAccountId)]);

export const useCostHistory = (mpAccountId: string, nmId: number) => useQuery(catalogQueries.costHistory(mpAccountId, nmId));

/** One card's cost price from a day. */
export function useSetCost(mpAccountId: string, nmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cost: { costPrice: number; validFrom: string }) =>
      unwrap(await api.PUT('/catalog/products/{nmId}/cost', { params: { path: { nmId } }, body: { mpAccountId, ...cost } })),
    onSuccess: () => refreshCosts(queryClient, mpAccountId),
  });
}

/** A file's items in parts of COST_ITEMS_MAX, one after another; each part is saved whole or not at all, and a refused one stops the rest. */
export function useSendCosts(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: CostItem[]): Promise<CostUploadResult> => {
      let saved = 0;
      for (let start = 0; start < items.length; start += COST_ITEMS_MAX) {
        const body = { mpAccountId, items: items.slice(start, start + COST_ITEMS_MAX) };
        try {
          saved += unwrap(await api.POST('/catalog/costs', { body })).saved;
        } catch (error) {
          return { saved, total: items.length, error };
        }
      }
      return { saved, total: items.length, error: null };
    },
    onSettled: () => refreshCosts(queryClient, mpAccountId),
  });
}

/** The nmIDs a refused upload names as not in the cabinet's catalog (NOT_FOUND, details.nmIds). */
export function unknownNmIds(error: unknown): number[] {
  if (!(error instanceof ApiError) || error.body.code !== 'NOT_FOUND') return [];
  // The contract types details as an empty record; this refusal carries {nmIds}.
  const nmIds = (error.body.details as { nmIds?: unknown } | null)?.nmIds;
  return Array.isArray(nmIds) ? nmIds.filter((nmId): nmId is number => typeof nmId === 'number') : [];
}
