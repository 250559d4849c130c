import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { unwrap } from './api-error';
import { api } from './client';
import { inboxRefetchMs } from './inbox-poll';
import type { components, paths } from './schema';
import { useJobStatus } from './use-job-status';

export type InboxItem = components['schemas']['InboxItemDto'];
export type InboxDraft = components['schemas']['InboxDraftDto'];
export type InboxLabel = InboxItem['label'];
export type InboxQuery = NonNullable<paths['/autoreply/inbox']['get']['parameters']['query']>;

export const inboxKey = (mpAccountId: string) => ['inbox', mpAccountId] as const;
const countsKey = (mpAccountId: string) => [...inboxKey(mpAccountId), 'count'] as const;

/** A page of the inbox, read again while one of its replies is queued (pending → sent or error). */
export function useInbox(query: InboxQuery) {
  return useQuery({
    queryKey: [...inboxKey(query.mpAccountId), 'items', query],
    queryFn: async () => unwrap(await api.GET('/autoreply/inbox', { params: { query } })),
    placeholderData: keepPreviousData,
    refetchInterval: (state) => inboxRefetchMs(state.state.data?.items ?? []),
  });
}

/**
 * How many items each of the labels holds under the same filters: the total of a one-item page per label. Read again whenever
 * the number of queued replies on the shown page changes, as a reply that leaves the queue moves its item to another label.
 */
export function useLabelCounts(query: Omit<InboxQuery, 'label' | 'page' | 'limit'>, labels: readonly InboxLabel[], queuedOnPage: number) {
  const queryClient = useQueryClient();
  const { mpAccountId } = query;
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: countsKey(mpAccountId) });
  }, [queuedOnPage, mpAccountId, queryClient]);
  return useQueries({
    queries: labels.map((label) => ({
      queryKey: [...countsKey(mpAccountId), label, query],
      queryFn: async () => unwrap(await api.GET('/autoreply/inbox', { params: { query: { ...query, label, limit: 1 } } })).meta.total,
      placeholderData: keepPreviousData,
    })),
  });
}

/** The state of a sync started here, polled until it ends; then the inbox is read again. */
export function useInboxSyncStatus(mpAccountId: string, jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useJobStatus('/autoreply/sync/status/{jobId}', jobId, {
    onFinished: () => queryClient.invalidateQueries({ queryKey: inboxKey(mpAccountId) }),
  });
}

export function useStartInboxSync(mpAccountId: string) {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/autoreply/sync', { body: { mpAccountId } })),
  });
}

/** Prepare (generate) or send the reply of one item; the inbox is read again after either. */
export function useReplyAction(mpAccountId: string, action: '/autoreply/generate' | '/autoreply/send') {
  const queryClient = useQueryClient();
  return useMutation({
    /** `text`: on send, the seller's edit of the draft (the service checks it again before queueing it). */
    mutationFn: async ({ feedbackId, text }: { feedbackId: string; text?: string }) =>
      unwrap(await api.POST(action, { body: { mpAccountId, feedbackId, ...(text === undefined ? {} : { text }) } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKey(mpAccountId) }),
  });
}

/** Cancels the automatic publication of a held reply: it is a draft again; the inbox is read again after. */
export function useCancelHeldReply(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draftId: string) => unwrap(await api.POST('/autoreply/drafts/{id}/cancel', { params: { path: { id: draftId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKey(mpAccountId) }),
  });
}

/** The scenario that would answer an item (spec: Reply rule 1), asked for once the seller wants to know. */
export function useScenarioMatch(mpAccountId: string, feedbackId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...inboxKey(mpAccountId), 'match', feedbackId],
    queryFn: async () => unwrap(await api.GET('/autoreply/scenarios/match', { params: { query: { mpAccountId, feedbackId } } })),
    enabled,
    retry: false,
  });
}
