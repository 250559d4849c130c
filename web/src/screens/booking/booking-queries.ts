import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { TASKS_POLL_MS } from '../../api/poll';
import type { components } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';
import { warehouseQueries } from '../../api/warehouse-queries';

export type Supply = components['schemas']['BookingSupplyDto'];

export const PAGE_SIZE = 20;

/** The booking queries of a cabinet; a key without a page is the prefix of every page of its list. */
export const bookingQueries = {
  all: (mpAccountId: string) => ['booking', mpAccountId] as const,
  supplies: (mpAccountId: string) => [...bookingQueries.all(mpAccountId), 'supplies'] as const,
  supplyPage: (mpAccountId: string, status: number | undefined, page: number) =>
    queryOptions({
      queryKey: [...bookingQueries.supplies(mpAccountId), status, page],
      queryFn: async () => unwrap(await api.GET('/booking', { params: { query: { mpAccountId, status, page, limit: PAGE_SIZE } } })),
    }),
  supply: (mpAccountId: string, supplyId: string) =>
    queryOptions({
      queryKey: [...bookingQueries.supplies(mpAccountId), 'one', supplyId],
      queryFn: async () => unwrap(await api.GET('/booking/{supplyId}', { params: { path: { supplyId }, query: { mpAccountId } } })),
    }),
};

/** A page of the account's supplies, of one status or of all. */
export function useSupplies(mpAccountId: string, status: number | undefined, page: number) {
  return useQuery({ ...bookingQueries.supplyPage(mpAccountId, status, page), placeholderData: (previous) => previous });
}

/** One supply with its goods; nothing is read until a supply is opened. */
export function useSupply(mpAccountId: string, supplyId: string | undefined) {
  return useQuery({ ...bookingQueries.supply(mpAccountId, supplyId ?? ''), enabled: supplyId !== undefined });
}

export function useStartSuppliesSync(mpAccountId: string) {
  return useMutation({ mutationFn: async () => unwrap(await api.POST('/booking/sync', { body: { mpAccountId } })) });
}

/** The supplies sync's state, polled until it ends; the supplies are read again once it has. */
export function useSuppliesSyncStatus(mpAccountId: string, jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useJobStatus('/booking/sync/status/{jobId}', jobId, {
    onFinished: async (status) => {
      if (status.state === 'completed') await queryClient.invalidateQueries({ queryKey: bookingQueries.supplies(mpAccountId) });
    },
  });
}

export type BookingTask = components['schemas']['BookingTaskResponseDto'];
export type BookingTaskFields = Omit<components['schemas']['BookingTaskCreateDto'], 'mpAccountId'>;
export type BookingWarehouse = components['schemas']['BookingWarehouseResponseDto'];

export const bookingTaskQueries = {
  tasks: (mpAccountId: string) => [...bookingQueries.all(mpAccountId), 'tasks'] as const,
  taskPage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...bookingTaskQueries.tasks(mpAccountId), page],
      queryFn: async () => unwrap(await api.GET('/booking/tasks', { params: { query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    }),
  matches: (mpAccountId: string, taskId: string) =>
    queryOptions({
      queryKey: [...bookingTaskQueries.tasks(mpAccountId), 'matches', taskId],
      queryFn: async () =>
        unwrap(await api.GET('/booking/tasks/{id}/matches', { params: { path: { id: taskId }, query: { limit: 100 } } })),
    }),
  warehouses: warehouseQueries.all,
  warehousePage: (mpAccountId: string, page: number) =>
    queryOptions({
      queryKey: [...bookingTaskQueries.warehouses(mpAccountId), page],
      queryFn: async () => unwrap(await api.GET('/booking/warehouses', { params: { query: { mpAccountId, page, limit: PAGE_SIZE } } })),
    }),
};

/** A page of the account's slot-watch tasks, newest first; read again every poll so that found slots show. */
export function useTasks(mpAccountId: string, page: number) {
  return useQuery({
    ...bookingTaskQueries.taskPage(mpAccountId, page),
    placeholderData: (previous) => previous,
    refetchInterval: TASKS_POLL_MS,
  });
}

export function useMatches(mpAccountId: string, taskId: string) {
  return useQuery({ ...bookingTaskQueries.matches(mpAccountId, taskId), refetchInterval: TASKS_POLL_MS });
}

export function useWarehouses(mpAccountId: string, page: number) {
  return useQuery({ ...bookingTaskQueries.warehousePage(mpAccountId, page), placeholderData: (previous) => previous });
}

/** A change of the account's tasks: the tasks are read again after it. */
function useTaskChange<T>(mpAccountId: string, change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingTaskQueries.tasks(mpAccountId) }),
  });
}

export const useCreateTask = (mpAccountId: string) =>
  useTaskChange(mpAccountId, async (fields: BookingTaskFields) =>
    unwrap(await api.POST('/booking/tasks', { body: { ...fields, mpAccountId } })),
  );

export const usePauseTask = (mpAccountId: string) =>
  useTaskChange(mpAccountId, async (id: string) => unwrap(await api.POST('/booking/tasks/{id}/pause', { params: { path: { id } } })));

export const useResumeTask = (mpAccountId: string) =>
  useTaskChange(mpAccountId, async (id: string) => unwrap(await api.POST('/booking/tasks/{id}/resume', { params: { path: { id } } })));

export const useCancelTask = (mpAccountId: string) =>
  useTaskChange(mpAccountId, async (id: string) => unwrap(await api.DELETE('/booking/tasks/{id}', { params: { path: { id } } })));

export function useFavouriteWarehouse(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ warehouseId, favourite }: { warehouseId: number; favourite: boolean }) =>
      unwrap(await api.PATCH('/booking/warehouses/{warehouseId}', { params: { path: { warehouseId } }, body: { mpAccountId, favourite } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingTaskQueries.warehouses(mpAccountId) }),
  });
}
