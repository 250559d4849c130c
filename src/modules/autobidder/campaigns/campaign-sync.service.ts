import { Injectable } from '@nestjs/common';

import type { EntityAccounts } from '../../../common/auth/scope.guard';
import { AppError } from '../../../common/errors/app-error';
import type { JobStartedDto, JobStatusDto } from '../../../queue/job-status.dto';
import { QueueService } from '../../../queue/queue.service';
import { AUTOBIDDER_SYNC_JOB } from '../autobidder.jobs';
import type { CampaignSyncPayload } from './campaign-sync-walker';

export const CAMPAIGN_SYNC_NOT_FOUND = 'Задача синхронизации кампаний не найдена';

/** Starts an account's campaign sync and shows its job; the job's account decides who may see it. */
@Injectable()
export class CampaignSyncService implements EntityAccounts {
  constructor(private readonly queues: QueueService) {}

  /** While a sync of the account is unfinished (a user's or the schedule's), its id with alreadyRunning. */
  start(accountId: string): Promise<JobStartedDto> {
    return this.queues.startOnce(AUTOBIDDER_SYNC_JOB, { mpAccountId: accountId }, accountId);
  }

  async accountOf(jobId: string): Promise<string | undefined> {
    const job = await this.queues.queue(AUTOBIDDER_SYNC_JOB.queue).getJob(jobId);
    return job?.name === AUTOBIDDER_SYNC_JOB.name ? (job.data as CampaignSyncPayload).mpAccountId : undefined;
  }

  /** The guard found the job a moment ago; one removed since answers 404 like an unknown one. */
  async status(jobId: string): Promise<JobStatusDto> {
    const status = await this.queues.status(AUTOBIDDER_SYNC_JOB, jobId);
    if (!status) throw AppError.notFound(CAMPAIGN_SYNC_NOT_FOUND);
    return status;
  }
}
