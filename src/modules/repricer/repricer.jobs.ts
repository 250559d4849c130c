import { Injectable } from '@nestjs/common';

import { MOSCOW_TZ } from '../../common/time/moscow-time';
import { AccountFanOut, AccountJobPayload, isAccountJobPayload } from '../../queue/account-fan-out';
import { SKIPPED_ACCOUNT_BUSY } from '../../queue/account-jobs';
import { defineJob } from '../../queue/job-definition';
import { JobHandler } from '../../queue/job-handler.decorator';
import { RepricerRulesReader } from './rules/repricer-rules.reader';
import type { RepricerRunResultDto } from './runs/repricer-runs.dto';
import { RepricerRunsService } from './runs/repricer-runs.service';

const REPRICER_QUEUE = 'repricer';

/**
 * Spec: Engine rule 7. The service's fixed schedule, not settable: every 30 minutes, 11 minutes after the half-hourly
 * price sync (at :04 and :34), so that runs start from fresh prices.
 */
export const REPRICER_SCHEDULE_JOB = defineJob<Record<string, never>>({
  name: 'repricer.schedule',
  queue: REPRICER_QUEUE,
  schedule: { pattern: '15,45 * * * *', tz: MOSCOW_TZ },
});

/** One account's scheduled run. */
export const REPRICER_SCHEDULED_RUN_JOB = defineJob<AccountJobPayload>({
  name: 'repricer.scheduled-run',
  queue: REPRICER_QUEUE,
  validate: isAccountJobPayload,
});

@Injectable()
export class RepricerJobs {
  constructor(
    private readonly runs: RepricerRunsService,
    private readonly rules: RepricerRulesReader,
    private readonly fanOut: AccountFanOut,
  ) {}

  /** A tick: one run job per active account with an active rule (an account's run still queued is not doubled). */
  @JobHandler(REPRICER_SCHEDULE_JOB)
  async tick(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(REPRICER_SCHEDULED_RUN_JOB, await this.rules.accountIdsWithActiveRules());
  }

  @JobHandler(REPRICER_SCHEDULED_RUN_JOB)
  run(payload: AccountJobPayload): Promise<RepricerRunResultDto | typeof SKIPPED_ACCOUNT_BUSY> {
    return this.runs.runScheduled(payload.mpAccountId);
  }
}
