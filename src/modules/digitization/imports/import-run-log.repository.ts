import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';

import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { ImportRunKind, importRuns, ImportRunState } from '../../../database/schema';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { triggerOf } from '../../../queue/account-jobs';
import { DIGITIZATION_IMPORT_JOB, DIGITIZATION_INCREMENT_JOB, DIGITIZATION_NIGHTLY_JOB, DIGITIZATION_REPORT_JOB } from './import-jobs';
import { ImportOutcome, reportPeriodOf } from './import-runs';
import type { ImportRunDto } from './imports.dto';

/** How long the account's runs are listed: the increment tier alone writes 48 a day. */
export const IMPORT_RUNS_KEPT_DAYS = 30;

const KIND_OF_JOB: Record<string, ImportRunKind> = {
  [DIGITIZATION_IMPORT_JOB.name]: 'feeds',
  [DIGITIZATION_REPORT_JOB.name]: 'report',
  [DIGITIZATION_NIGHTLY_JOB.name]: 'nightly',
  [DIGITIZATION_INCREMENT_JOB.name]: 'increment',
};

type ImportJob = Job<AccountJobPayload & { userId?: string | null }>;

const RUN = {
  jobId: importRuns.jobId,
  kind: importRuns.kind,
  trigger: importRuns.trigger,
  userId: importRuns.userId,
  state: importRuns.state,
  message: importRuns.message,
  reportFailed: importRuns.reportFailed,
  period: importRuns.period,
  startedAt: importRuns.startedAt,
  finishedAt: importRuns.finishedAt,
};

/** The account's import runs as they start and end, and their list (spec: Import routes). */
@Injectable()
export class ImportRunLog {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A run's work starts (again, on a retry); the account's runs older than IMPORT_RUNS_KEPT_DAYS go. */
  async started(job: ImportJob): Promise<void> {
    const { mpAccountId, userId } = job.data;
    const run = { state: 'running' as const, message: null, reportFailed: false, period: reportPeriodOf(job), finishedAt: null };
    await this.db
      .insert(importRuns)
      .values({ jobId: job.id!, mpAccountId, kind: KIND_OF_JOB[job.name], trigger: triggerOf(job), userId: userId ?? null, ...run })
      .onConflictDoUpdate({ target: importRuns.jobId, set: run });
    await this.db
      .delete(importRuns)
      .where(
        and(
          eq(importRuns.mpAccountId, mpAccountId),
          lt(importRuns.startedAt, sql`now() - make_interval(days => ${IMPORT_RUNS_KEPT_DAYS})`),
        ),
      );
  }

  async finished(job: ImportJob, outcome: ImportOutcome): Promise<void> {
    await this.db
      .update(importRuns)
      .set({
        state: 'completed',
        message: outcome.message,
        reportFailed: outcome.failed !== undefined,
        period: outcome.period ?? null,
        finishedAt: new Date(),
      })
      .where(eq(importRuns.jobId, job.id!));
  }

  /** A run failed for good; one that failed before its work started is listed too. */
  async failed(job: ImportJob, message: string): Promise<void> {
    await this.db
      .insert(importRuns)
      .values({
        jobId: job.id!,
        mpAccountId: job.data.mpAccountId,
        kind: KIND_OF_JOB[job.name],
        trigger: triggerOf(job),
        userId: job.data.userId ?? null,
        state: 'failed',
        message,
        period: reportPeriodOf(job),
        finishedAt: new Date(),
      })
      .onConflictDoUpdate({ target: importRuns.jobId, set: { state: 'failed', message, finishedAt: new Date() } });
  }

  page(accountId: string, filter: PageRequest & { state?: ImportRunState }): Promise<Page<ImportRunDto>> {
    const where = and(eq(importRuns.mpAccountId, accountId), filter.state === undefined ? undefined : eq(importRuns.state, filter.state));
    return queryPage(
      filter,
      (limit, offset) =>
        this.db
          .select(RUN)
          .from(importRuns)
          .where(where)
          .orderBy(desc(importRuns.startedAt), desc(importRuns.jobId))
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(importRuns).where(where),
    );
  }
}
