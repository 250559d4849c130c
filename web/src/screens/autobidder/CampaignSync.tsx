import { Alert, Button, Group, Loader, Text } from '@mantine/core';

import { jobEnded } from '../../api/job-ended';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useCampaignSyncStatus, useStartCampaignSync } from './ads-queries';

/** Loads the account's campaigns, bids and 7 days of statistics from the marketplace, and follows the job to its end. */
export function CampaignSync({ mpAccountId }: { mpAccountId: string }) {
  const start = useStartCampaignSync(mpAccountId);
  const status = useCampaignSyncStatus(mpAccountId, start.data?.jobId);
  const state = status.data?.state;
  const running = start.isPending || (start.data !== undefined && !jobEnded(status.data));
  return (
    <Group aria-live="polite">
      <Button variant="light" onClick={() => start.mutate()} loading={running}>
        Загрузить кампании с маркетплейса
      </Button>
      {running && (
        <Group gap="xs">
          <Loader size="xs" aria-label="Идёт загрузка кампаний" />
          <Text size="sm">Загрузка идёт</Text>
        </Group>
      )}
      {state === 'completed' && <Text size="sm">Кампании загружены</Text>}
      {state === 'failed' && (
        <Alert color="red" title="Загрузка не удалась">
          {status.data?.failedReason}
        </Alert>
      )}
      <ErrorNotice error={start.error ?? status.error} />
    </Group>
  );
}
