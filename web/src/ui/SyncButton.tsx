import { Button, Group } from '@mantine/core';

import { jobEnded } from '../api/job-ended';
import { ErrorNotice } from './ErrorNotice';
import type { FollowedJob } from './job-progress';
import { JobProgress } from './JobProgress';

interface SyncButtonProps {
  /** The button's words: what it loads. */
  label: string;
  /** Names the job in its progress: `title: phase`. */
  title: string;
  /** Names the loader while the job runs. */
  busyLabel: string;
  /** The start of the sync: its answer names the job. */
  start: { mutate: () => void; isPending: boolean; data?: { jobId: string }; error: Error | null };
  /** The started job's status (`useJobStatus`). */
  status: { data?: FollowedJob; error: Error | null };
}

/** A button that starts an account's sync from the marketplace, with the job's progress beside it until it ends. */
export function SyncButton({ label, title, busyLabel, start, status }: SyncButtonProps) {
  const followed = (start.isPending || start.data !== undefined) && !status.error;
  const running = followed && !jobEnded(status.data);
  return (
    <Group>
      <Button variant="light" onClick={() => start.mutate()} loading={running}>
        {label}
      </Button>
      {followed && <JobProgress job={status.data} title={title} busyLabel={busyLabel} compact />}
      <ErrorNotice error={start.error ?? status.error} />
    </Group>
  );
}
