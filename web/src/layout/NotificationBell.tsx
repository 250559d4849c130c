import { ActionIcon, Badge, Button, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { dateTime } from '@shared/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { notificationQueries } from '../api/notification-queries';
import { NOTIFICATIONS_POLL_MS } from '../api/poll';
import { ErrorNotice } from '../ui/ErrorNotice';
import { periodInPayload, reportPeriodText } from '../ui/report-period';

/** Unread count on the bell; the latest notifications in a popover, each marked read on click, or all at once. */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const unread = useQuery({ ...notificationQueries.unreadCount(), refetchInterval: NOTIFICATIONS_POLL_MS });
  const list = useQuery(notificationQueries.latest());
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
  const markRead = useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST('/notifications/{id}/read', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  const markAll = useMutation({ mutationFn: async () => unwrap(await api.POST('/notifications/read-all')), onSuccess: refresh });
  const count = unread.data?.count ?? 0;

  return (
    <Popover width={360} position="bottom-end" shadow="md">
      <Popover.Target>
        <Indicator label={count} size={18} disabled={!count}>
          <ActionIcon variant="subtle" size="lg" aria-label={`Уведомления: непрочитанных ${count}`}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
            </svg>
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>Уведомления</Text>
            <Button size="xs" variant="subtle" disabled={!count} onClick={() => markAll.mutate()}>
              Прочитать все
            </Button>
          </Group>
          <ErrorNotice error={list.error ?? markRead.error ?? markAll.error} />
          {list.data?.items.length === 0 && <Text c="dimmed">Уведомлений нет</Text>}
          {list.data?.items.map((item) => {
            const period = periodInPayload(item.payload);
            return (
              <Stack key={item.id} gap={2} onClick={() => !item.readAt && markRead.mutate(item.id)} style={{ cursor: 'pointer' }}>
                <Group gap="xs">
                  {!item.readAt && <Badge size="xs">новое</Badge>}
                  <Text size="sm" fw={500}>
                    {item.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dateTime(item.createdAt)}
                  </Text>
                </Group>
                {period && <Text size="xs">{reportPeriodText(period)}</Text>}
                <Text size="xs" c="dimmed">
                  {item.body}
                </Text>
              </Stack>
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
