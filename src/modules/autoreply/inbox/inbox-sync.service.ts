import { Injectable } from '@nestjs/common';

import type { EntityAccounts } from '../../../common/auth/scope.guard';
import { AppError } from '../../../common/errors/app-error';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import type { JobStatusDto } from '../../../queue/job-status.dto';
import { QueueService } from '../../../queue/queue.service';
import { AccountSyncStates } from '../../../sync-state/account-sync-states';
import { AUTOREPLY_SYNC_JOB, INBOX_SYNC } from '../autoreply.jobs';
import type { AutoreplySyncStartedDto } from './inbox.dto';

export const SYNC_JOB_NOT_FOUND = 'Задача синхронизации не найдена';

/** Starts an account's inbox sync and shows its job; the job's account decides who may see it. */
@Injectable()
export class InboxSyncService implements EntityAccounts {
  constructor(
    private readonly syncStates: AccountSyncStates,
    private readonly queues: QueueService,
  ) {}

  /** While a sync of the account is unfinished (a user's or the schedule's), its id with alreadyRunning. */
  start(accountId: string): Promise<AutoreplySyncStartedDto> {
    return this.syncStates.start(INBOX_SYNC, AUTOREPLY_SYNC_JOB, { mpAccountId: accountId }, accountId);
  }

  async accountOf(jobId: string): Promise<string | undefined> {
    const job = await this.queues.queue(AUTOREPLY_SYNC_JOB.queue).getJob(jobId);
    return job?.name === AUTOREPLY_SYNC_JOB.name ? (job.data as AccountJobPayload).mpAccountId : undefined;
  }

  /** The guard found the job a moment ago; one removed since answers 404 like an unknown one. */
  async status(jobId: string): Promise<JobStatusDto> {
    const status = await this.queues.status(AUTOREPLY_SYNC_JOB, jobId);
    if (!status) throw AppError.notFound(SYNC_JOB_NOT_FOUND);
    return status;
  }
}
