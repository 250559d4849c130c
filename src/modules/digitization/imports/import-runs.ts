import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { moscowToday } from '../../../common/time/moscow-time';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import type { ImportFeed, ImportRunPeriod } from '../../../database/schema';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { isLastAttempt } from '../../../queue/job-attempts';
import type { SyncResume } from '../../../sync-state/account-sync-states';
import { FeedWalker, StatisticsFeed } from './feed-walker';
import type { ImportCounts } from './import-counts';
import { DIGITIZATION_REPORT_JOB, ReportImportPayload } from './import-jobs';
import {
  feedsImportedMessage,
  IMPORT_MESSAGES,
  importFailure,
  isKeyRejection,
  PERIOD_SHORTENED_MESSAGE,
  reportFailedMessage,
  reportImportedMessage,
} from './import-messages';
import { dayOf, daysBefore, NIGHTLY_DAYS, NightlyReportPeriod, nightlyReportPeriod } from './import-period';
import { ImportsRepository } from './imports.repository';
import { ReportWalker } from './report-walker';

/** What an import job returns (its result in the status) and tells its user. */
export interface ImportOutcome {
  message: string;
  totals: Partial<Record<ImportFeed, ImportCounts>>;
  /** A part of a nightly run that failed for good while what the run imported before it was kept: why, said the import's way. */
  failed?: { report: string };
  /** The report's period the run imported or tried to. */
  period?: ImportRunPeriod;
}

/** What a scheduled run decided at its start, kept in the job so that a retry goes on with the same plan. */
interface ScheduledPlan {
  feedsFrom: Record<StatisticsFeed, string>;
  report: NightlyReportPeriod | null;
}

type PlannedPayload = AccountJobPayload & { plan?: ScheduledPlan };

/** Where the increment tier goes on: the last lastChangeDate seen of each feed, as the marketplace wrote it. */
export type IncrementResume = Record<StatisticsFeed, string>;

/** The report period a run imports, as far as it is decided: a report import's own, a nightly run's once planned. */
export function reportPeriodOf(job: Job<PlannedPayload>): ImportRunPeriod | null {
  const data = job.data as PlannedPayload & Partial<ReportImportPayload>;
  if (job.name === DIGITIZATION_REPORT_JOB.name && data.dateFrom && data.dateTo)
    return { dateFrom: dayOf(data.dateFrom), dateTo: dayOf(data.dateTo), shortened: false };
  const planned = data.plan?.report;
  return planned ? { ...planned.period, shortened: planned.shortened } : null;
}

/** A failure of the marketplace said the import's way (Errors case 7). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw importFailure(error);
  }
}

/** The import runs behind the jobs: user imports of the feeds or the report, the nightly run and the increment tier. */
@Injectable()
export class ImportRuns {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly feedWalker: FeedWalker,
    private readonly reportWalker: ReportWalker,
    private readonly repository: ImportsRepository,
  ) {}

  async feeds(job: Job<AccountJobPayload>, from: Record<StatisticsFeed, string>): Promise<ImportOutcome & { cursors: IncrementResume }> {
    const walked = await guarded(() => this.feedWalker.walk(job, job.data.mpAccountId, from));
    return { message: feedsImportedMessage(walked.totals.orders, walked.totals.sales), totals: walked.totals, cursors: walked.cursors };
  }

  async report(job: Job<AccountJobPayload>, { period, shortened }: NightlyReportPeriod): Promise<ImportOutcome> {
    const report = await guarded(() => this.reportWalker.walk(job, job.data.mpAccountId, period));
    const message = reportImportedMessage(report);
    return {
      message: shortened ? `${message}. ${PERIOD_SHORTENED_MESSAGE}` : message,
      totals: { report },
      period: { dateFrom: dayOf(period.dateFrom), dateTo: dayOf(period.dateTo), shortened },
    };
  }

  /** Spec: Schedules, Import rule 5. The last 90 days of orders and sales, then the closed weeks of the report not yet imported. */
  async nightly(job: Job<PlannedPayload>, resume: SyncResume<IncrementResume>): Promise<ImportOutcome> {
    const plan = await this.planOf(job, async (today) => {
      const from = daysBefore(today, NIGHTLY_DAYS);
      const lastDay = await this.repository.lastReportDay(job.data.mpAccountId);
      return { feedsFrom: { orders: from, sales: from }, report: nightlyReportPeriod(today, lastDay, this.config.reports.maxPeriodDays) };
    });
    const feeds = await this.resumed(resume, () => this.feeds(job, plan.feedsFrom));
    if (!plan.report) return { message: feeds.message, totals: feeds.totals };
    const report = await this.reportPart(job, plan.report);
    if ('reason' in report)
      return {
        message: `${feeds.message}. ${reportFailedMessage(report.reason)}`,
        totals: feeds.totals,
        failed: { report: report.reason },
        period: { ...plan.report.period, shortened: plan.report.shortened },
      };
    return { ...report, message: `${feeds.message}. ${report.message}`, totals: { ...feeds.totals, ...report.totals } };
  }

  /**
   * The report part of a nightly run. A marketplace failure no retry of the run would cure (a key without the Finance
   * category, an answer of another shape), or one on its last attempt, leaves the orders and sales imported and says
   * why; a curable one retries the run, which goes on from its checkpoints (the feeds are not asked again).
   */
  private async reportPart(job: Job<PlannedPayload>, planned: NightlyReportPeriod): Promise<ImportOutcome | { reason: string }> {
    try {
      return await this.report(job, planned);
    } catch (error) {
      if (!(error instanceof MarketplaceCallError) || (error.curable && !isLastAttempt(job))) throw error;
      return { reason: isKeyRejection(error) ? IMPORT_MESSAGES.reportKeyRejected : error.message };
    }
  }

  /** Spec: Schedules. Orders and sales changed since the last lastChangeDate the account's imports saw. */
  async increment(job: Job<PlannedPayload>, resume: SyncResume<IncrementResume>): Promise<ImportOutcome> {
    const plan = await this.planOf(job, async (today) => {
      const from = daysBefore(today, NIGHTLY_DAYS);
      return { feedsFrom: (await resume.load()) ?? { orders: from, sales: from }, report: null };
    });
    const feeds = await this.resumed(resume, () => this.feeds(job, plan.feedsFrom));
    return { message: feeds.message, totals: feeds.totals };
  }

  private async planOf(job: Job<PlannedPayload>, decide: (today: string) => Promise<ScheduledPlan>): Promise<ScheduledPlan> {
    if (job.data.plan) return job.data.plan;
    const plan = await decide(moscowToday(new Date()));
    await job.updateData({ ...job.data, plan });
    return plan;
  }

  /** The increment tier goes on from where the feeds of a scheduled run ended. */
  private async resumed(resume: SyncResume<IncrementResume>, work: () => ReturnType<ImportRuns['feeds']>): ReturnType<ImportRuns['feeds']> {
    const feeds = await work();
    await resume.save(feeds.cursors);
    return feeds;
  }
}
