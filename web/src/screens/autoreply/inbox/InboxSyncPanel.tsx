import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

import { useInboxSyncStatus, useStartInboxSync } from '../../../api/inbox-queries';
import { jobEnded } from '../../../api/job-ended';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { JobProgress } from '../../../ui/JobProgress';

/** The sync button and the live progress of the sync started here; the inbox is read again when it ends. */
export function InboxSyncPanel({ mpAccountId }: { mpAccountId: string }) {
  const [jobId, setJobId] = useState<string>();
  const start = useStartInboxSync(mpAccountId);
  const status = useInboxSyncStatus(mpAccountId, jobId);
  const followed = jobId !== undefined && !status.error;
  const running = followed && !jobEnded(status.data);

  return (
    <Group justify="space-between" align="center">
      {followed ? (
        <JobProgress job={status.data} title="Синхронизация" busyLabel="Идёт синхронизация" compact />
      ) : (
        <Text size="sm">Отзывы и вопросы — как их получила последняя синхронизация</Text>
      )}
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
