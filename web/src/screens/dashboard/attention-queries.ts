import { queryOptions, useQuery } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { notificationQueries } from '../../api/notification-queries';

/** What needs the seller's attention in a cabinet: counts read once per visit of the dashboard. */
export const attentionQueries = {
  all: (mpAccountId: string) => ['dashboard', mpAccountId, 'attention'] as const,
  /** Replies not published because of an error: the total of a one-item page of the inbox's skipped label. */
  skippedReplies: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...attentionQueries.all(mpAccountId), 'skipped-replies'],
      queryFn: async () =>
        unwrap(await api.GET('/autoreply/inbox', { params: { query: { mpAccountId, label: 'skipped', limit: 1 } } })).meta.total,
    }),
  /** Complaints ready to submit (pending): drafts still wait for the seller's edit. */
  openComplaints: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...attentionQueries.all(mpAccountId), 'complaints'],
      queryFn: async () =>
        unwrap(await api.GET('/autoreply/complaints', { params: { query: { mpAccountId, status: 'pending', limit: 1 } } })).meta.total,
    }),
  /** Bulk price changes the marketplace rejected at least one upload of: the total of a one-item page of those jobs. */
  rejectedBulks: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...attentionQueries.all(mpAccountId), 'rejected-bulks'],
      queryFn: async () =>
        unwrap(await api.GET('/pricing/bulk', { params: { query: { mpAccountId, rejected: true, limit: 1 } } })).meta.total,
    }),
};

export const useSkippedReplies = (mpAccountId: string) => useQuery(attentionQueries.skippedReplies(mpAccountId));

export const useOpenComplaints = (mpAccountId: string) => useQuery(attentionQueries.openComplaints(mpAccountId));

export const useRejectedBulks = (mpAccountId: string) => useQuery(attentionQueries.rejectedBulks(mpAccountId));

/** Imports of the cabinet that did not finish and whose notice is unread: the notices of that kind about the cabinet. */
export const useFailedImports = (mpAccountId: string) => useQuery(notificationQueries.failedImports(mpAccountId));
