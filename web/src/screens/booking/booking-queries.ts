import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { useJobStatus } from '../../api/use-job-status';

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
