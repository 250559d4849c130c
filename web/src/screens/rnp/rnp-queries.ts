import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { saveAnswerAsFile } from '../../api/download';
import { invalidate } from '../../api/invalidate';
import type { components, paths } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';

type Schemas = components['schemas'];
export type RnpList = Schemas['RnpListDto'];
export type RnpItem = Schemas['RnpItemDto'];
export type RnpItemInput = Schemas['RnpItemInputDto'];
export type RnpItemFields = Schemas['RnpItemUpdateDto'];
export type ItemStatus = RnpItem['status'];
export type PulseMatrix = Schemas['PulseMatrixDto'];
export type PulseRow = Schemas['PulseRowDto'];
export type PulseCells = Schemas['PulseCellsDto'];
export type PulseFlag = PulseCells['flags'][number][number];
export type PulseSummary = Schemas['PulseSummaryDto'];
export type SummaryPeriod = PulseSummary['period'];
/** The matrix's query but the cabinet: a list, the days and how they are grouped. */
export type PulseQuery = Omit<paths['/rnp/analytics']['get']['parameters']['query'], 'mpAccountId'>;

/** The service's page limit: a cabinet's lists are read in one page of this many. */
const LISTS_LIMIT = 100;
export const ITEMS_PAGE_SIZE = 20;

/** The pulse queries of a cabinet: its lists, a list's items, and the pulse read from them. */
const keys = {
  all: (mpAccountId: string) => ['rnp', mpAccountId] as const,
  lists: (mpAccountId: string) => [...keys.all(mpAccountId), 'lists'] as const,
  items: (mpAccountId: string, listId: string) => [...keys.lists(mpAccountId), listId, 'items'] as const,
  pulse: (mpAccountId: string) => [...keys.all(mpAccountId), 'pulse'] as const,
};

export function useLists(mpAccountId: string) {
  return useQuery({
    queryKey: keys.lists(mpAccountId),
    queryFn: async () => unwrap(await api.GET('/rnp/product-lists', { params: { query: { mpAccountId, limit: LISTS_LIMIT } } })),
  });
}

/** After a change of lists or items: the lists (their counts), the items and the pulse are read again. */
function useListsChanged(mpAccountId: string) {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, [keys.lists(mpAccountId), keys.pulse(mpAccountId)]);
}

export function useCreateList(mpAccountId: string) {
  const changed = useListsChanged(mpAccountId);
  return useMutation({
    mutationFn: async (name: string) => unwrap(await api.POST('/rnp/product-lists', { body: { mpAccountId, name } })),
    onSuccess: changed,
  });
}

export function useRenameList(mpAccountId: string) {
  const changed = useListsChanged(mpAccountId);
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) =>
      unwrap(await api.PATCH('/rnp/product-lists/{id}', { params: { path: { id } }, body: { name } })),
    onSuccess: changed,
  });
}

export function useDeleteList(mpAccountId: string) {
  const changed = useListsChanged(mpAccountId);
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/rnp/product-lists/{id}', { params: { path: { id } } })),
    onSuccess: changed,
  });
}

export function useItems(mpAccountId: string, listId: string, page: number) {
  return useQuery({
    queryKey: [...keys.items(mpAccountId, listId), page],
    queryFn: async () =>
      unwrap(await api.GET('/rnp/product-lists/{id}/items', { params: { path: { id: listId }, query: { page, limit: ITEMS_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

/** Items added at once (a SKU already in the list gets the new fields); all of them are saved or none. */
export function useAddItems(mpAccountId: string, listId: string) {
  const changed = useListsChanged(mpAccountId);
  return useMutation({
    mutationFn: async (items: RnpItemInput[]) =>
      unwrap(await api.POST('/rnp/product-lists/{id}/items', { params: { path: { id: listId } }, body: { items } })),
    onSuccess: changed,
  });
}

export function useUpdateItem(mpAccountId: string, listId: string) {
  const changed = useListsChanged(mpAccountId);
  return useMutation({
    mutationFn: async ({ itemId, fields }: { itemId: string; fields: RnpItemFields }) =>
      unwrap(await api.PATCH('/rnp/product-lists/{id}/items/{itemId}', { params: { path: { id: listId, itemId } }, body: fields })),
    onSuccess: changed,
  });
}

export function useDeleteItem(mpAccountId: string, listId: string) {
  const changed = useListsChanged(mpAccountId);
  return useMutation({
    mutationFn: async (itemId: string) =>
      unwrap(await api.DELETE('/rnp/product-lists/{id}/items/{itemId}', { params: { path: { id: listId, itemId } } })),
    onSuccess: changed,
  });
}

/** The matrix of the query; nothing is read while `enabled` is false (a period the service would refuse). */
export function usePulse(mpAccountId: string, query: PulseQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.pulse(mpAccountId), 'matrix', query],
    queryFn: async () => unwrap(await api.GET('/rnp/analytics', { params: { query: { ...query, mpAccountId } } })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePulseSummary(mpAccountId: string, period: SummaryPeriod) {
  return useQuery({
    queryKey: [...keys.pulse(mpAccountId), 'summary', period],
    queryFn: async () => unwrap(await api.GET('/rnp/analytics/summary', { params: { query: { mpAccountId, period } } })),
    placeholderData: keepPreviousData,
  });
}

/** The matrix as the service's CSV file, saved by the browser. */
export function useExportPulse(mpAccountId: string) {
  return useMutation({
    mutationFn: async (query: PulseQuery) =>
      saveAnswerAsFile(
        await api.GET('/rnp/analytics/export', { params: { query: { ...query, mpAccountId } }, parseAs: 'blob' }),
        `rnp-${query.dateFrom}-${query.dateTo}.csv`,
      ),
  });
}

/** A refresh of the pulse over these days (the service refuses a day after today). */
export function useStartRefresh(mpAccountId: string) {
  return useMutation({
    mutationFn: async (days: { dateFrom: string; dateTo: string }) =>
      unwrap(await api.POST('/rnp/analytics/refresh', { body: { mpAccountId, ...days } })),
  });
}

/** The pulse refresh's state, polled until it ends; the pulse is read again once it has. */
export function useRefreshStatus(mpAccountId: string, jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useJobStatus('/rnp/analytics/refresh/status/{jobId}', jobId, {
    onFinished: async (status) => {
      if (status.state === 'completed') await invalidate(queryClient, [keys.pulse(mpAccountId)]);
    },
  });
}
