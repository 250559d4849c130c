import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';

import type { JobState } from '../api/job-ended';
import { countdownText, type FollowedJob, jobProgressView, PHASE_TEXT, secondsUntil } from './job-progress';

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

const stateColor = (state: JobState) => (state === 'failed' ? 'red' : state === 'completed' ? 'green' : 'blue');

interface JobProgressProps {
  /** The job's status; undefined while its first status is not read yet. */
  job: FollowedJob | undefined;
  /** Names the job: the heading reads `title: phase`. */
  title: string;
  /** Names the loader while the job runs. */
  busyLabel: string;
  /** One line, for a place beside a button: no attempt count. */
  compact?: boolean;
  /** What the job wrote so far, shown under its progress. */
  children?: ReactNode;
}

/** Spec: Job level. The one view of a job the app follows: its phase and message, its pause and attempt. */
export function JobProgress({ job, title, busyLabel, compact = false, children }: JobProgressProps) {
  const view = jobProgressView(job);
  const heading = `${title}: ${PHASE_TEXT[view.phase]}`;
  const loader = !view.ended && <Loader size="xs" aria-label={busyLabel} />;
  const countdown = view.resumeAt && <Countdown resumeAt={view.resumeAt} />;
  if (compact)
    return (
      <Group gap="xs" aria-live="polite">
        {loader}
        <Text size="sm" fw={500} c={stateColor(view.state)}>
          {heading}
        </Text>
        {view.message && <Text size="sm">{view.message}</Text>}
        {countdown}
        {children}
      </Group>
    );
  return (
    <Stack gap="xs" aria-live="polite">
      <Alert color={stateColor(view.state)} title={heading}>
        <Stack gap={4}>
          {(loader || view.message) && (
            <Group gap="xs">
              {loader}
              {view.message && <Text size="sm">{view.message}</Text>}
            </Group>
          )}
          {countdown}
          {view.attempt && (
            <Text size="xs" c="dimmed">
              Попытка {view.attempt.attempt} из {view.attempt.maxAttempts}
            </Text>
          )}
        </Stack>
      </Alert>
      {children}
    </Stack>
  );
}
