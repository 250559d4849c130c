import { queryOptions } from '@tanstack/react-query';

import { unwrap } from './api-error';
import { api } from './client';

/** The notifications route's largest page. */
const NOTIFICATIONS_PAGE = 100;

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
  unreadPage: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), 'unread-page'],
      queryFn: async () =>
        unwrap(await api.GET('/notifications', { params: { query: { unread: true, limit: NOTIFICATIONS_PAGE } } })).items,
    }),
};
