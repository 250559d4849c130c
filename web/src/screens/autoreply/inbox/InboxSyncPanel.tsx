import { Button, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';

import { useInboxSyncStatus, useStartInboxSync } from '../../../api/inbox-queries';
import { jobEnded } from '../../../api/job-ended';
import { ErrorNotice } from '../../../ui/ErrorNotice';

/** The sync button and the live progress of the sync started here; the inbox is read again when it ends. */
export function InboxSyncPanel({ mpAccountId }: { mpAccountId: string }) {
  const [jobId, setJobId] = useState<string>();
  const start = useStartInboxSync(mpAccountId);
  const status = useInboxSyncStatus(mpAccountId, jobId);
  const running = jobId !== undefined && !jobEnded(status.data);

  return (
    <Group justify="space-between" align="center">
      <Group gap="xs" aria-live="polite">
        {running && <Loader size="xs" aria-label="Идёт синхронизация" />}
        <Text size="sm">
          {status.data?.state === 'failed'
            ? `Синхронизация не удалась: ${status.data.failedReason ?? status.data.progress?.message ?? ''}`
            : (status.data?.progress?.message ??
              (running ? 'Синхронизация запущена' : 'Отзывы и вопросы — как их получила последняя синхронизация'))}
        </Text>
      </Group>
      <Button
        onClick={() => start.mutate(undefined, { onSuccess: (started) => setJobId(started.jobId) })}
        loading={start.isPending}
        disabled={running}
      >
        Синхронизировать
      </Button>
      <ErrorNotice error={start.error ?? status.error} />
    </Group>
  );
}
