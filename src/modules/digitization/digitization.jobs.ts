import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AccountFanOut, AccountJobPayload } from '../../queue/account-fan-out';
import { JobFailedHandler, JobHandler } from '../../queue/job-handler.decorator';
import { AccountSyncOutcome, AccountSyncRunner } from '../../sync-state/account-sync-runner';
import type { SyncResume } from '../../sync-state/account-sync-states';
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
import { ImportRunLog } from './imports/import-run-log.repository';
import { ImportOutcome, ImportRuns, IncrementResume } from './imports/import-runs';

type Outcome = AccountSyncOutcome<ImportOutcome>;

@Injectable()
export class DigitizationJobs {
  constructor(
    private readonly runner: AccountSyncRunner,
    private readonly fanOut: AccountFanOut,
    private readonly runs: ImportRuns,
    private readonly notices: ImportNotices,
    private readonly log: ImportRunLog,
  ) {}

  @JobHandler(DIGITIZATION_IMPORT_JOB)
  importFeeds(payload: FeedImportPayload, job: Job<FeedImportPayload>): Promise<Outcome> {
    return this.run(job, () => this.runs.feeds(job, { orders: payload.dateFrom, sales: payload.dateFrom }));
  }

  @JobHandler(DIGITIZATION_REPORT_JOB)
  importReport(payload: ReportImportPayload, job: Job<ReportImportPayload>): Promise<Outcome> {
    return this.run(job, () => this.runs.report(job, { period: { dateFrom: payload.dateFrom, dateTo: payload.dateTo }, shortened: false }));
  }

  @JobHandler(DIGITIZATION_NIGHTLY_JOB)
  nightly(_payload: AccountJobPayload, job: Job<AccountJobPayload>): Promise<Outcome> {
    return this.run(job, (resume) => this.runs.nightly(job, resume));
  }

  @JobHandler(DIGITIZATION_INCREMENT_JOB)
  increment(_payload: AccountJobPayload, job: Job<AccountJobPayload>): Promise<Outcome> {
    return this.run(job, (resume) => this.runs.increment(job, resume));
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
    await this.log.failed(job, message);
    await this.notices.failed(job, message);
  }

  /** An import of the account tells its user what it imported; the feeds it imported are the parts of the state it finished. */
  private run(job: Job<AccountJobPayload>, work: (resume: SyncResume<IncrementResume>) => Promise<ImportOutcome>): Promise<Outcome> {
    return this.runner.run(job, DIGITIZATION_SYNC, async (_job, resume: SyncResume<IncrementResume>) => {
      await this.log.started(job);
      const outcome = await work(resume);
      await this.log.finished(job, outcome);
      await this.notices.imported(job, outcome);
      // The increment tier runs every half hour: only its failures are worth a notification.
      if (job.name !== DIGITIZATION_INCREMENT_JOB.name) await this.notices.finished(job, outcome);
      return { result: outcome, parts: Object.keys(outcome.totals) };
    });
  }
}
