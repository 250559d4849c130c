import { SyncButton } from '../../ui/SyncButton';
import { useCampaignSyncStatus, useStartCampaignSync } from './ads-queries';

/** Loads the account's campaigns, bids and 7 days of statistics from the marketplace, and follows the job to its end. */
export function CampaignSync({ mpAccountId }: { mpAccountId: string }) {
  const start = useStartCampaignSync(mpAccountId);
  const status = useCampaignSyncStatus(mpAccountId, start.data?.jobId);
  return (
    <SyncButton
      label="Загрузить кампании с маркетплейса"
      title="Загрузка кампаний"
      busyLabel="Идёт загрузка кампаний"
      start={start}
      status={status}
    />
  );
}
