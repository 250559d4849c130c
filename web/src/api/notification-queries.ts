import { NOTIFICATION_KINDS } from '@shared/notification-kinds';
import { queryOptions } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { api } from './client';

/** The signed-in user's notifications; `all` is the prefix of each, read again together after a change of any. */
export const notificationQueries = {
  all: () => ['notifications'] as const,
  unreadCount: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'unread'],
      queryFn: async () => unwrap(await api.GET('/notifications/unread-count')),
    }),
  latest: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'list'],
      queryFn: async () => unwrap(await api.GET('/notifications', { params: { query: { limit: 10 } } })),
    }),
  /** Unread notices of a cabinet's imports that did not finish: the total of a one-item page of them. */
  failedImports: (mpAccountId: string) =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'failed-imports', mpAccountId],
      queryFn: async () => {
        const query = { kind: NOTIFICATION_KINDS.importFailed, mpAccountId, unread: true, limit: 1 } as const;
        return unwrap(await api.GET('/notifications', { params: { query } })).meta.total;
      },
    }),
};
