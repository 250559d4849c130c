import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { MOSCOW_TZ } from '../../common/time/moscow-time';
import { AccountFanOut, isAccountJobPayload } from '../../queue/account-fan-out';
import { defineJob, LONG_SYNC_RETRIES } from '../../queue/job-definition';
import { JobHandler } from '../../queue/job-handler.decorator';
import { AccountSyncOutcome, AccountSyncRunner } from '../../sync-state/account-sync-runner';
import type { SyncKind } from '../../sync-state/account-sync-states';
import { AccountingSyncCounts, AccountingSyncPayload, AccountingSyncWalker } from './sync/accounting-sync-walker';

export const ACCOUNTING_SYNC_QUEUE = 'accounting-sync';

const FAILED_MESSAGE = 'Не удалось получить финансовые отчёты с маркетплейса';

/** A long sync (spec: Job level): a token wait over 5 s delays it without using an attempt. */
export const ACCOUNTING_SYNC_JOB = defineJob<AccountingSyncPayload>({
  name: 'accounting.sync',
  queue: ACCOUNTING_SYNC_QUEUE,
  ...LONG_SYNC_RETRIES,
  failedMessage: FAILED_MESSAGE,
  validate: isAccountJobPayload,
});

/** The reports of every active account daily at 06:00 Moscow (README: Schedules of an account). */
export const ACCOUNTING_SYNC_SCHEDULE = defineJob<Record<string, never>>({
  name: 'accounting.sync.schedule',
  queue: ACCOUNTING_SYNC_QUEUE,
  schedule: { pattern: '0 6 * * *', tz: MOSCOW_TZ },
});

export const ACCOUNTING_SYNC: SyncKind = {
  kind: 'accounting',
  jobs: [ACCOUNTING_SYNC_JOB],
  queuedMessage: 'Синхронизация финансовых отчётов в очереди',
  runningMessage: 'Синхронизация финансовых отчётов идёт',
  startedMessage: 'Синхронизация финансовых отчётов начата',
  failedMessage: FAILED_MESSAGE,
};

export interface AccountingSyncResult extends AccountingSyncCounts {
  message: string;
}

function resultMessage(counts: AccountingSyncCounts): string {
  const settled = counts.reconciled + counts.mismatched;
  if (settled === 0) return `Отчёты о реализации получены: новых и изменённых нет (всего ${counts.listed})`;
  return counts.mismatched === 0
    ? `Отчёты о реализации сверены: ${counts.reconciled} сходятся со строками`
    : `Отчёты о реализации сверены: ${counts.reconciled} сходятся, ${counts.mismatched} с расхождениями`;
}

@Injectable()
export class AccountingJobs {
  constructor(
    private readonly runner: AccountSyncRunner,
    private readonly walker: AccountingSyncWalker,
    private readonly fanOut: AccountFanOut,
  ) {}

  @JobHandler(ACCOUNTING_SYNC_JOB)
  sync(_payload: AccountingSyncPayload, job: Job<AccountingSyncPayload>): Promise<AccountSyncOutcome<AccountingSyncResult>> {
    return this.runner.run(job, ACCOUNTING_SYNC, async () => {
      const counts = await this.walker.walk(job);
      return { result: { ...counts, message: resultMessage(counts) }, parts: ['accounting'], counters: { ...counts } };
    });
  }

  @JobHandler(ACCOUNTING_SYNC_SCHEDULE)
  schedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(ACCOUNTING_SYNC_JOB);
  }
}
