import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import { jobEnded } from '../api/job-ended';
import type { components } from '../api/schema';
import { countdownText, PHASE_TEXT, secondsUntil } from './job-progress';

type JobStatus = components['schemas']['JobStatusDto'];

const TICK_MS = 1_000;

/** The seconds left until the job goes on, ticking once a second. */
function Countdown({ resumeAt }: { resumeAt: string }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return <Text size="sm">Продолжим через {countdownText(secondsUntil(resumeAt, now) ?? 0)}</Text>;
}

const stateColor = (state: JobStatus['state']) => (state === 'failed' ? 'red' : state === 'completed' ? 'green' : 'blue');

/** Spec: Job level. A job's phase and message, its pause and attempt; `busyLabel` names the loader while it runs. */
export function JobProgress({ job, title, busyLabel }: { job: JobStatus; title: string; busyLabel: string }) {
  const progress = job.progress;
  const finished = jobEnded(job);
  return (
    <Alert color={stateColor(job.state)} title={`${title}: ${PHASE_TEXT[progress?.phase ?? 'queued']}`}>
      <Stack gap={4}>
        {!finished && (
          <Group gap="xs">
            <Loader size="xs" aria-label={busyLabel} />
            {progress && <Text size="sm">{progress.message}</Text>}
          </Group>
        )}
        {finished && <Text size="sm">{job.failedReason ?? progress?.message}</Text>}
        {!finished && progress?.resumeAt && <Countdown resumeAt={progress.resumeAt} />}
        {progress && (
          <Text size="xs" c="dimmed">
            Попытка {progress.attempt} из {progress.maxAttempts}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
