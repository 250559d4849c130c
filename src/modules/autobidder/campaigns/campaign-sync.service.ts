import { Injectable } from '@nestjs/common';

import type { JobStatus } from '../../../queue/queue.service';
import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { ADS_SYNC, ADS_SYNC_PART, AUTOBIDDER_SYNC_JOB } from '../autobidder.jobs';
import type { CampaignSyncStartedDto, CampaignSyncStatusDto } from './campaigns.dto';

export const CAMPAIGN_SYNC_NOT_FOUND = 'Задача синхронизации кампаний не найдена';

/** Starts an account's campaign sync and shows its job with the account's last sync. */
@Injectable()
export class CampaignSyncService {
  constructor(private readonly syncStates: AccountSyncStates) {}

  /** While a sync of the account is unfinished (a user's or the schedule's), its id with alreadyRunning. */
  async start(accountId: string): Promise<CampaignSyncStartedDto> {
    const started = await this.syncStates.start(ADS_SYNC, AUTOBIDDER_SYNC_JOB, { mpAccountId: accountId }, accountId);
    return { ...started, lastSyncedAt: await this.lastSyncedAt(accountId) };
  }

  async withLastSync(job: JobStatus, accountId: string): Promise<CampaignSyncStatusDto> {
    return { ...job, lastSyncedAt: await this.lastSyncedAt(accountId) };
  }

  private async lastSyncedAt(accountId: string): Promise<Date | null> {
    return (await this.syncStates.lastSyncedAt(ADS_SYNC, accountId))[ADS_SYNC_PART] ?? null;
  }
}
