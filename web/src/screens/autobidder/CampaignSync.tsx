import { Button, Group } from '@mantine/core';

import { jobEnded } from '../../api/job-ended';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { JobProgress } from '../../ui/JobProgress';
import { useCampaignSyncStatus, useStartCampaignSync } from './ads-queries';

/** Loads the account's campaigns, bids and 7 days of statistics from the marketplace, and follows the job to its end. */
export function CampaignSync({ mpAccountId }: { mpAccountId: string }) {
  const start = useStartCampaignSync(mpAccountId);
  const status = useCampaignSyncStatus(mpAccountId, start.data?.jobId);
  const followed = (start.isPending || start.data !== undefined) && !status.error;
  const running = followed && !jobEnded(status.data);
  return (
    <Group>
      <Button variant="light" onClick={() => start.mutate()} loading={running}>
        Загрузить кампании с маркетплейса
      </Button>
      {followed && <JobProgress job={status.data} title="Загрузка кампаний" busyLabel="Идёт загрузка кампаний" compact />}
      <ErrorNotice error={start.error ?? status.error} />
    </Group>
  );
}
