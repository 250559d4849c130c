import { Injectable } from '@nestjs/common';

import type { JobStartedDto } from '../../../queue/job-status.dto';
import { QueueService } from '../../../queue/queue.service';
import { AUTOBIDDER_SYNC_JOB } from '../autobidder.jobs';

/** Starts an account's campaign sync. */
@Injectable()
export class CampaignSyncService {
  constructor(private readonly queues: QueueService) {}

  /** While a sync of the account is unfinished (a user's or the schedule's), its id with alreadyRunning. */
  start(accountId: string): Promise<JobStartedDto> {
    return this.queues.startOnce(AUTOBIDDER_SYNC_JOB, { mpAccountId: accountId }, accountId);
  }
}
