import { Button, Group } from '@mantine/core';

import { jobEnded } from '../../api/job-ended';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { JobProgress } from '../../ui/JobProgress';
import { useStartSuppliesSync, useSuppliesSyncStatus } from './booking-queries';

/** Loads the account's FBW supplies from the marketplace, and follows the job to its end. */
export function SuppliesSync({ mpAccountId }: { mpAccountId: string }) {
  const start = useStartSuppliesSync(mpAccountId);
  const status = useSuppliesSyncStatus(mpAccountId, start.data?.jobId);
  const followed = (start.isPending || start.data !== undefined) && !status.error;
  const running = followed && !jobEnded(status.data);
  return (
    <Group>
      <Button variant="light" onClick={() => start.mutate()} loading={running}>
        Загрузить поставки с маркетплейса
      </Button>
      {followed && <JobProgress job={status.data} title="Загрузка поставок" busyLabel="Идёт загрузка поставок" compact />}
      <ErrorNotice error={start.error ?? status.error} />
    </Group>
  );
}
