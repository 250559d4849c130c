import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AccountsReader } from '../../accounts/accounts.reader';
import { AccountFanOut, AccountJobPayload } from '../../queue/account-fan-out';
import { AccountJobs, SKIPPED_ACCOUNT_BUSY } from '../../queue/account-jobs';
import { JobFailedHandler, JobHandler } from '../../queue/job-handler.decorator';
import { reportProgress } from '../../queue/job-progress';
import { AccountSyncStates } from '../../sync-state/account-sync-states';
import {
  DIGITIZATION_IMPORT_JOB,
  DIGITIZATION_INCREMENT_JOB,
  DIGITIZATION_INCREMENT_SCHEDULE,
  DIGITIZATION_NIGHTLY_JOB,
  DIGITIZATION_NIGHTLY_SCHEDULE,
  DIGITIZATION_REPORT_JOB,
  DIGITIZATION_SYNC,
  FeedImportPayload,
  IMPORT_JOBS,
  ReportImportPayload,
} from './imports/import-jobs';
import { ImportNotices } from './imports/import-notices';
import { ImportOutcome, ImportRuns } from './imports/import-runs';

type Outcome = ImportOutcome | typeof SKIPPED_ACCOUNT_BUSY | { skipped: 'account-deleted' };

@Injectable()
export class DigitizationJobs {
  constructor(
    private readonly accountJobs: AccountJobs,
    private readonly accounts: AccountsReader,
    private readonly fanOut: AccountFanOut,
    private readonly runs: ImportRuns,
    private readonly notices: ImportNotices,
    private readonly syncStates: AccountSyncStates,
  ) {}

  @JobHandler(DIGITIZATION_IMPORT_JOB)
  importFeeds(payload: FeedImportPayload, job: Job<FeedImportPayload>): Promise<Outcome> {
    return this.underLease(job, () => this.runs.feeds(job, { orders: payload.dateFrom, sales: payload.dateFrom }));
  }

  @JobHandler(DIGITIZATION_REPORT_JOB)
  importReport(payload: ReportImportPayload, job: Job<ReportImportPayload>): Promise<Outcome> {
    return this.underLease(job, () =>
      this.runs.report(job, { period: { dateFrom: payload.dateFrom, dateTo: payload.dateTo }, shortened: false }),
    );
  }

  @JobHandler(DIGITIZATION_NIGHTLY_JOB)
  nightly(_payload: AccountJobPayload, job: Job<AccountJobPayload>): Promise<Outcome> {
    return this.underLease(job, () => this.runs.nightly(job));
  }

  @JobHandler(DIGITIZATION_INCREMENT_JOB)
  increment(_payload: AccountJobPayload, job: Job<AccountJobPayload>): Promise<Outcome> {
    return this.underLease(job, () => this.runs.increment(job));
  }

  @JobHandler(DIGITIZATION_NIGHTLY_SCHEDULE)
  nightlySchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(DIGITIZATION_NIGHTLY_JOB);
  }

  @JobHandler(DIGITIZATION_INCREMENT_SCHEDULE)
  incrementSchedule(): Promise<{ accounts: number }> {
    return this.fanOut.fanOutPerAccount(DIGITIZATION_INCREMENT_JOB);
  }

  /** Spec: Import rule 8, Errors case 7. An import that failed for good tells its user why. */
  @JobFailedHandler(...IMPORT_JOBS)
  async failed(job: Job<AccountJobPayload>, message: string): Promise<void> {
    if (DIGITIZATION_SYNC.jobs.some((definition) => definition.name === job.name))
      await this.syncStates.markFailed(DIGITIZATION_SYNC, job.data.mpAccountId, job.id!, message);
    await this.notices.failed(job, message);
  }

  /** Spec: Job level. One marketplace-heavy job per account: a user import waits for the lease, a scheduled one is skipped. */
  private async underLease(job: Job<AccountJobPayload>, work: () => Promise<ImportOutcome>): Promise<Outcome> {
    if (!(await this.accounts.exists(job.data.mpAccountId))) return { skipped: 'account-deleted' };
    return this.accountJobs.withLease(job, job.data.mpAccountId, async () => {
      await reportProgress(job, { phase: 'running', message: 'Импорт начат' });
      const outcome = await work();
      await this.notices.imported(job, outcome);
      // The increment tier runs every half hour: only its failures are worth a notification.
      if (job.name !== DIGITIZATION_INCREMENT_JOB.name) await this.notices.finished(job, outcome);
      await reportProgress(job, { phase: 'completed', message: outcome.message });
      return outcome;
    });
  }
}
