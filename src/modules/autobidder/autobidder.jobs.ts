import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AccountsReader } from '../../accounts/accounts.reader';
import { MOSCOW_TZ } from '../../common/time/moscow-time';
import { AccountFanOut, AccountJobPayload, isAccountJobPayload } from '../../queue/account-fan-out';
import { AccountJobs, SKIPPED_ACCOUNT_BUSY } from '../../queue/account-jobs';
import { defineJob } from '../../queue/job-definition';
import { JobHandler } from '../../queue/job-handler.decorator';
import { reportProgress } from '../../queue/job-progress';
import { CampaignSyncCounts, CampaignSyncPayload, CampaignSyncWalker } from './campaigns/campaign-sync-walker';
import type { BidEngineRunResultDto } from './engine/bid-engine-run.dto';
import { BidEngineRunRepository } from './engine/bid-engine-run.repository';
import { BidEngineRunService } from './engine/bid-engine-run.service';

const AUTOBIDDER_QUEUE = 'autobidder';

/** Spec: Job level. The user's sync retries 5 times, pauses from 60 s doubling; a long token wait delays it. */
export const AUTOBIDDER_SYNC_JOB = defineJob<CampaignSyncPayload>({
  name: 'autobidder.sync',
  queue: AUTOBIDDER_QUEUE,
  attempts: 5,
  backoffMs: 60_000,
  failedMessage: 'Не удалось загрузить рекламные кампании с маркетплейса',
  validate: isAccountJobPayload,
});

/** Spec: Schedules. The ad statistics sync of every active account every 5 minutes. */
export const AUTOBIDDER_SYNC_SCHEDULE = defineJob<Record<string, never>>({
  name: 'autobidder.sync.schedule',
  queue: AUTOBIDDER_QUEUE,
  schedule: { pattern: '*/5 * * * *', tz: MOSCOW_TZ },
});

/** Spec: Schedules, engine rule 8. Bids every minute, for the accounts with an active strategy. */
export const AUTOBIDDER_RUN_SCHEDULE = defineJob<Record<string, never>>({
  name: 'autobidder.run.schedule',
  queue: AUTOBIDDER_QUEUE,
  schedule: { pattern: '* * * * *', tz: MOSCOW_TZ },
});

/** One account's scheduled run of the bid engine. */
export const AUTOBIDDER_SCHEDULED_RUN_JOB = defineJob<AccountJobPayload>({
  name: 'autobidder.scheduled-run',
  queue: AUTOBIDDER_QUEUE,
  validate: isAccountJobPayload,
});

export interface CampaignSyncResult extends CampaignSyncCounts {
  message: string;
}

@Injectable()
export class AutobidderJobs {
  constructor(
    private readonly accountJobs: AccountJobs,
    private readonly accounts: AccountsReader,
    private readonly fanOut: AccountFanOut,
    private readonly walker: CampaignSyncWalker,
    private readonly runs: BidEngineRunService,
    private readonly runReads: BidEngineRunRepository,
  ) {}

  /** Campaigns, bids and 7 days of statistics under the account's lease (a scheduled sync gives way and is skipped). */
  @JobHandler(AUTOBIDDER_SYNC_JOB)
  async sync(
    payload: CampaignSyncPayload,
    job: Job<CampaignSyncPayload>,
  ): Promise<CampaignSyncResult | typeof SKIPPED_ACCOUNT_BUSY | { skipped: 'account-deleted' }> {
    if (!(await this.accounts.exists(payload.mpAccountId))) return { skipped: 'account-deleted' };
    return this.accountJobs.withLease(job, payload.mpAccountId, async () => {
      const counts = await this.walker.walk(job);
      const message = `Синхронизация завершена: кампаний ${counts.campaigns}, товаров ${counts.products}, строк статистики ${counts.statsRows}`;
      await reportProgress(job, { phase: 'completed', message, counters: { ...counts } });
      return { ...counts, message };
    });
  }

  @JobHandler(AUTOBIDDER_SYNC_SCHEDULE)
  syncSchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(AUTOBIDDER_SYNC_JOB);
  }

  /** A tick: one run job per active account with an active strategy (an account's run still queued is not doubled). */
  @JobHandler(AUTOBIDDER_RUN_SCHEDULE)
  async runSchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(AUTOBIDDER_SCHEDULED_RUN_JOB, await this.runReads.accountIdsWithActiveStrategies());
  }

  @JobHandler(AUTOBIDDER_SCHEDULED_RUN_JOB)
  run(payload: AccountJobPayload): Promise<BidEngineRunResultDto | typeof SKIPPED_ACCOUNT_BUSY> {
    return this.runs.runScheduled(payload.mpAccountId);
  }
}
