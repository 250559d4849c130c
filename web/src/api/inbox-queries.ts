import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { unwrap } from './api-error';
import { api } from './client';
import { inboxRefetchMs } from './inbox-poll';
import { invalidate } from './invalidate';
import type { components, paths } from './schema';
import { useJobStatus } from './use-job-status';

export type InboxItem = components['schemas']['InboxItemDto'];
export type InboxDraft = components['schemas']['InboxDraftDto'];
export type InboxLabel = InboxItem['label'];
export type InboxQuery = NonNullable<paths['/autoreply/inbox']['get']['parameters']['query']>;

/** The inbox's queries of a cabinet; a key without a query is the prefix of every page it names. */
export const inboxQueries = {
  all: (mpAccountId: string) => ['inbox', mpAccountId] as const,
  items: (mpAccountId: string) => [...inboxQueries.all(mpAccountId), 'items'] as const,
  page: (query: InboxQuery) =>
    queryOptions({
      queryKey: [...inboxQueries.items(query.mpAccountId), query],
      queryFn: async () => unwrap(await api.GET('/autoreply/inbox', { params: { query } })),
    }),
  counts: (mpAccountId: string) => [...inboxQueries.all(mpAccountId), 'count'] as const,
  count: (query: Omit<InboxQuery, 'page' | 'limit'> & { label: InboxLabel }) =>
    queryOptions({
      queryKey: [...inboxQueries.counts(query.mpAccountId), query.label, query],
      queryFn: async () => unwrap(await api.GET('/autoreply/inbox', { params: { query: { ...query, limit: 1 } } })).meta.total,
    }),
  match: (mpAccountId: string, feedbackId: string) =>
    queryOptions({
      queryKey: [...inboxQueries.all(mpAccountId), 'match', feedbackId],
      queryFn: async () => unwrap(await api.GET('/autoreply/scenarios/match', { params: { query: { mpAccountId, feedbackId } } })),
    }),
};

/** After a reply changes: its item's page and the labels' counts (a reply moves its item to another label). */
const replyChanged = (queryClient: QueryClient, mpAccountId: string) =>
  invalidate(queryClient, [inboxQueries.items(mpAccountId), inboxQueries.counts(mpAccountId)]);

/** A page of the inbox, read again while one of its replies is queued (pending → sent or error). */
export function useInbox(query: InboxQuery) {
  return useQuery({
    ...inboxQueries.page(query),
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
    void queryClient.invalidateQueries({ queryKey: inboxQueries.counts(mpAccountId) });
  }, [queuedOnPage, mpAccountId, queryClient]);
  return useQueries({
    queries: labels.map((label) => ({ ...inboxQueries.count({ ...query, label }), placeholderData: keepPreviousData })),
  });
}

/** The state of a sync started here, polled until it ends; then the inbox is read again. */
export function useInboxSyncStatus(mpAccountId: string, jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useJobStatus('/autoreply/sync/status/{jobId}', jobId, {
    onFinished: () => queryClient.invalidateQueries({ queryKey: inboxQueries.all(mpAccountId) }),
  });
}

export function useStartInboxSync(mpAccountId: string) {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/autoreply/sync', { body: { mpAccountId } })),
  });
}

/** Prepare (generate) or send the reply of one item; the inbox's pages and counts are read again after either. */
export function useReplyAction(mpAccountId: string, action: '/autoreply/generate' | '/autoreply/send') {
  const queryClient = useQueryClient();
  return useMutation({
    /** `text`: on send, the seller's edit of the draft (the service checks it again before queueing it). */
    mutationFn: async ({ feedbackId, text }: { feedbackId: string; text?: string }) =>
      unwrap(await api.POST(action, { body: { mpAccountId, feedbackId, ...(text === undefined ? {} : { text }) } })),
    onSettled: () => replyChanged(queryClient, mpAccountId),
  });
}

/** Cancels the automatic publication of a held reply: it is a draft again; the inbox's pages and counts are read again after. */
export function useCancelHeldReply(mpAccountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (draftId: string) => unwrap(await api.POST('/autoreply/drafts/{id}/cancel', { params: { path: { id: draftId } } })),
    onSettled: () => replyChanged(queryClient, mpAccountId),
  });
}

/** The scenario that would answer an item (spec: Reply rule 1), asked for once the seller wants to know. */
export function useScenarioMatch(mpAccountId: string, feedbackId: string, enabled: boolean) {
  return useQuery({
    ...inboxQueries.match(mpAccountId, feedbackId),
    enabled,
    retry: false,
  });
}
