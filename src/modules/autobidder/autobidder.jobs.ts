import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { MOSCOW_TZ } from '../../common/time/moscow-time';
import { AccountFanOut, AccountJobPayload, isAccountJobPayload } from '../../queue/account-fan-out';
import type { SKIPPED_ACCOUNT_BUSY } from '../../queue/account-jobs';
import { defineJob, LONG_SYNC_RETRIES } from '../../queue/job-definition';
import { JobHandler } from '../../queue/job-handler.decorator';
import { AccountSyncOutcome, AccountSyncRunner } from '../../sync-state/account-sync-runner';
import type { SyncKind } from '../../sync-state/account-sync-states';
import { CampaignSyncCounts, CampaignSyncPayload, CampaignSyncWalker } from './campaigns/campaign-sync-walker';
import type { BidEngineRunResultDto } from './engine/bid-engine-run.dto';
import { BidEngineRunRepository } from './engine/bid-engine-run.repository';
import { BidEngineRunService } from './engine/bid-engine-run.service';

const AUTOBIDDER_QUEUE = 'autobidder';

const SYNC_FAILED_MESSAGE = 'Не удалось загрузить рекламные кампании с маркетплейса';

/** Campaigns, bids and statistics of one account; a long token wait delays it. */
export const AUTOBIDDER_SYNC_JOB = defineJob<CampaignSyncPayload>({
  name: 'autobidder.sync',
  queue: AUTOBIDDER_QUEUE,
  ...LONG_SYNC_RETRIES,
  failedMessage: SYNC_FAILED_MESSAGE,
  validate: isAccountJobPayload,
});

/** The ads' per-account sync state; a sync goes on only within its job (the checkpoint in its data), so it keeps no resume. */
export const ADS_SYNC: SyncKind = {
  kind: 'ads',
  jobs: [AUTOBIDDER_SYNC_JOB],
  queuedMessage: 'Синхронизация рекламных кампаний в очереди',
  runningMessage: 'Синхронизация рекламных кампаний идёт',
  startedMessage: 'Синхронизация рекламных кампаний начата',
  failedMessage: SYNC_FAILED_MESSAGE,
};

/** The part of the ads' sync state a sync finishes: campaigns, bids and statistics together. */
export const ADS_SYNC_PART = 'campaigns';

/** Spec: Schedules. The ad statistics sync of every active account every 5 minutes, at :01, :06, … (README: Schedules of an account). */
export const AUTOBIDDER_SYNC_SCHEDULE = defineJob<Record<string, never>>({
  name: 'autobidder.sync.schedule',
  queue: AUTOBIDDER_QUEUE,
  schedule: { pattern: '1-59/5 * * * *', tz: MOSCOW_TZ },
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
    private readonly runner: AccountSyncRunner,
    private readonly fanOut: AccountFanOut,
    private readonly walker: CampaignSyncWalker,
    private readonly runs: BidEngineRunService,
    private readonly runReads: BidEngineRunRepository,
  ) {}

  /** Campaigns, bids and 7 days of statistics under the account's lease (a scheduled sync gives way and is skipped). */
  @JobHandler(AUTOBIDDER_SYNC_JOB)
  sync(_payload: CampaignSyncPayload, job: Job<CampaignSyncPayload>): Promise<AccountSyncOutcome<CampaignSyncResult>> {
    return this.runner.run(job, ADS_SYNC, async () => {
      const counts = await this.walker.walk(job);
      const message = `Синхронизация завершена: кампаний ${counts.campaigns}, товаров ${counts.products}, строк статистики ${counts.statsRows}`;
      return { result: { ...counts, message }, parts: [ADS_SYNC_PART], counters: { ...counts } };
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
