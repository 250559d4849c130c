import { Button, Group, Loader, Text } from '@mantine/core';
import { dateTime } from '@shared/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { unwrap } from '../api/api-error';
import { catalogQueries, useSyncStatus } from '../api/catalog-queries';
import { api } from '../api/client';
import { invalidate } from '../api/invalidate';
import { ErrorNotice } from './ErrorNotice';

/** The sync button, the live progress of a running sync and the time of the last one; the products and brands are read again after. */
export function CatalogSyncPanel({ mpAccountId }: { mpAccountId: string }) {
  const queryClient = useQueryClient();
  const status = useSyncStatus(mpAccountId);
  const start = useMutation({
    mutationFn: async () => unwrap(await api.POST('/catalog/sync', { body: { mpAccountId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogQueries.syncStatus(mpAccountId).queryKey }),
  });
  const state = status.data?.state;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && state !== 'running')
      void invalidate(queryClient, [catalogQueries.products(mpAccountId), catalogQueries.brands(mpAccountId)]);
    wasRunning.current = state === 'running';
  }, [state, mpAccountId, queryClient]);

  return (
    <Group justify="space-between" align="center">
      <Group gap="xs" aria-live="polite">
        {state === 'running' && <Loader size="xs" aria-label="Идёт синхронизация" />}
        <Text size="sm">
          {state === 'running' ? (status.data?.message ?? 'Синхронизация идёт') : `Товаров: ${status.data?.productCount ?? '…'}`}
        </Text>
        <Text size="sm" c="dimmed">
          Последняя синхронизация цен: {status.data?.lastSyncAt ? dateTime(status.data.lastSyncAt) : 'ещё не было'}
        </Text>
      </Group>
      <Button onClick={() => start.mutate()} loading={start.isPending} disabled={state === 'running'}>
        Синхронизировать
      </Button>
      {state === 'error' && <Text c="red">{status.data?.errorMessage}</Text>}
      <ErrorNotice error={status.error ?? start.error} />
    </Group>
  );
}
