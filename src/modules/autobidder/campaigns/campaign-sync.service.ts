import { Injectable } from '@nestjs/common';

import type { EntityAccounts } from '../../../common/auth/scope.guard';
import { AppError } from '../../../common/errors/app-error';
import { QueueService } from '../../../queue/queue.service';
import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { ADS_SYNC, ADS_SYNC_PART, AUTOBIDDER_SYNC_JOB } from '../autobidder.jobs';
import type { CampaignSyncPayload } from './campaign-sync-walker';
import type { CampaignSyncStartedDto, CampaignSyncStatusDto } from './campaigns.dto';

export const CAMPAIGN_SYNC_NOT_FOUND = 'Задача синхронизации кампаний не найдена';

/** Starts an account's campaign sync and shows its job with the account's last sync; the job's account decides who may see it. */
@Injectable()
export class CampaignSyncService implements EntityAccounts {
  constructor(
    private readonly queues: QueueService,
    private readonly syncStates: AccountSyncStates,
  ) {}

  /** While a sync of the account is unfinished (a user's or the schedule's), its id with alreadyRunning. */
  async start(accountId: string): Promise<CampaignSyncStartedDto> {
    const started = await this.syncStates.start(ADS_SYNC, AUTOBIDDER_SYNC_JOB, { mpAccountId: accountId }, accountId);
    return { ...started, lastSyncedAt: await this.lastSyncedAt(accountId) };
  }

  async accountOf(jobId: string): Promise<string | undefined> {
    const job = await this.queues.queue(AUTOBIDDER_SYNC_JOB.queue).getJob(jobId);
    return job?.name === AUTOBIDDER_SYNC_JOB.name ? (job.data as CampaignSyncPayload).mpAccountId : undefined;
  }

  /** The guard found the job a moment ago; one removed since answers 404 like an unknown one. */
  async status(jobId: string): Promise<CampaignSyncStatusDto> {
    const [status, accountId] = await Promise.all([this.queues.status(AUTOBIDDER_SYNC_JOB, jobId), this.accountOf(jobId)]);
    if (!status || !accountId) throw AppError.notFound(CAMPAIGN_SYNC_NOT_FOUND);
    return { ...status, lastSyncedAt: await this.lastSyncedAt(accountId) };
  }

  private async lastSyncedAt(accountId: string): Promise<Date | null> {
    return (await this.syncStates.lastSyncedAt(ADS_SYNC, accountId))[ADS_SYNC_PART] ?? null;
  }
}
