import { SyncButton } from '../../ui/SyncButton';
import { useStartSuppliesSync, useSuppliesSyncStatus } from './booking-queries';

/** Loads the account's FBW supplies from the marketplace, and follows the job to its end. */
export function SuppliesSync({ mpAccountId }: { mpAccountId: string }) {
  const start = useStartSuppliesSync(mpAccountId);
  const status = useSuppliesSyncStatus(mpAccountId, start.data?.jobId);
  return (
    <SyncButton
      label="Загрузить поставки с маркетплейса"
      title="Загрузка поставок"
      busyLabel="Идёт загрузка поставок"
      start={start}
      status={status}
    />
  );
}
