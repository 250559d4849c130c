import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { MOSCOW_TZ } from '../../common/time/moscow-time';
import { AccountFanOut } from '../../queue/account-fan-out';
import { DAILY_SCHEDULE_BUSY_RETRIES, defineJob, LONG_SYNC_RETRIES } from '../../queue/job-definition';
import { JobHandler } from '../../queue/job-handler.decorator';
import { AccountSyncOutcome, AccountSyncRunner } from '../../sync-state/account-sync-runner';
import type { SyncKind } from '../../sync-state/account-sync-states';
import { isPulseRefreshPayload, PulseRefreshPayload } from './refresh/pulse-refresh-range';
import { PulseRefreshResult, PulseRefreshWalker } from './refresh/pulse-refresh-walker';

export const RNP_REFRESH_QUEUE = 'rnp-refresh';

const FAILED_MESSAGE = 'Не удалось обновить пульс товаров';

/** A long sync (spec: Job level): the given days (a user's), or today (the hourly schedule's). */
export const RNP_REFRESH_JOB = defineJob<PulseRefreshPayload>({
  name: 'rnp.refresh',
  queue: RNP_REFRESH_QUEUE,
  ...LONG_SYNC_RETRIES,
  failedMessage: FAILED_MESSAGE,
  validate: isPulseRefreshPayload,
});

/** The nightly refresh: yesterday for every card, and the last week of the list items as the marketplace rewrote it. */
export const RNP_NIGHTLY_JOB = defineJob<PulseRefreshPayload>({
  name: 'rnp.refresh.nightly',
  queue: RNP_REFRESH_QUEUE,
  ...LONG_SYNC_RETRIES,
  ...DAILY_SCHEDULE_BUSY_RETRIES,
  failedMessage: FAILED_MESSAGE,
  validate: isPulseRefreshPayload,
});

/** Today's pulse of every active account every hour at :10 (README: Schedules of an account). */
export const RNP_HOURLY_SCHEDULE = defineJob<Record<string, never>>({
  name: 'rnp.refresh.schedule',
  queue: RNP_REFRESH_QUEUE,
  schedule: { pattern: '10 * * * *', tz: MOSCOW_TZ },
});

/** Yesterday's pulse of every active account at 01:00 Moscow. */
export const RNP_NIGHTLY_SCHEDULE = defineJob<Record<string, never>>({
  name: 'rnp.refresh.nightly.schedule',
  queue: RNP_REFRESH_QUEUE,
  schedule: { pattern: '0 1 * * *', tz: MOSCOW_TZ },
});

export const RNP_REFRESH: SyncKind = {
  kind: 'rnp',
  jobs: [RNP_REFRESH_JOB, RNP_NIGHTLY_JOB],
  queuedMessage: 'Обновление пульса в очереди',
  runningMessage: 'Пульс товаров обновляется',
  startedMessage: 'Обновление пульса начато',
  failedMessage: FAILED_MESSAGE,
};

/** The part of the pulse sync whose last-synced time is the pulse's freshness. */
export const PULSE_PART = 'pulse';

@Injectable()
export class RnpJobs {
  constructor(
    private readonly runner: AccountSyncRunner,
    private readonly walker: PulseRefreshWalker,
    private readonly fanOut: AccountFanOut,
  ) {}

  @JobHandler(RNP_REFRESH_JOB)
  refresh(_payload: PulseRefreshPayload, job: Job<PulseRefreshPayload>): Promise<AccountSyncOutcome<PulseRefreshResult>> {
    return this.run(job, 'range');
  }

  @JobHandler(RNP_NIGHTLY_JOB)
  nightly(_payload: PulseRefreshPayload, job: Job<PulseRefreshPayload>): Promise<AccountSyncOutcome<PulseRefreshResult>> {
    return this.run(job, 'nightly');
  }

  @JobHandler(RNP_HOURLY_SCHEDULE)
  hourly(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(RNP_REFRESH_JOB);
  }

  @JobHandler(RNP_NIGHTLY_SCHEDULE)
  nightlySchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(RNP_NIGHTLY_JOB);
  }

  private run(job: Job<PulseRefreshPayload>, kind: 'range' | 'nightly'): Promise<AccountSyncOutcome<PulseRefreshResult>> {
    return this.runner.run(job, RNP_REFRESH, async () => {
      const result = await this.walker.walk(job, kind);
      return { result, parts: [PULSE_PART], counters: { ...result.counts } };
    });
  }
}
