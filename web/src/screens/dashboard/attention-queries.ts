import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../api/api-error';
import { api } from '../../api/client';
import { NOTIFICATIONS_KEY } from '../../layout/NotificationBell';
import { failedImports } from './failed-imports';

/** The notifications route's largest page: failed imports are counted among the latest unread ones. */
const NOTIFICATIONS_PAGE = 100;

const attentionKey = (mpAccountId: string) => ['dashboard', mpAccountId, 'attention'] as const;

/** Replies not published because of an error: the total of a one-item page of the inbox's skipped label. */
export function useSkippedReplies(mpAccountId: string) {
  return useQuery({
    queryKey: [...attentionKey(mpAccountId), 'skipped-replies'],
    queryFn: async () =>
      unwrap(await api.GET('/autoreply/inbox', { params: { query: { mpAccountId, label: 'skipped', limit: 1 } } })).meta.total,
  });
}

/** Complaints ready to submit: the route's default statuses, draft and pending. */
export function useOpenComplaints(mpAccountId: string) {
  return useQuery({
    queryKey: [...attentionKey(mpAccountId), 'complaints'],
    queryFn: async () => unwrap(await api.GET('/autoreply/complaints', { params: { query: { mpAccountId, limit: 1 } } })).meta.total,
  });
}

/** Imports of the cabinet that did not finish, as the unread notifications tell. */
export function useFailedImports(mpAccountId: string) {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread-page'],
    queryFn: async () => unwrap(await api.GET('/notifications', { params: { query: { unread: true, limit: NOTIFICATIONS_PAGE } } })).items,
    select: (items) => failedImports(items, mpAccountId),
  });
}
