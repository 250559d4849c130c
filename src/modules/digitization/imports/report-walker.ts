import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { canonicalPath } from '../../../marketplace/client/rate-rules';
import type { Endpoint } from '../../../marketplace/endpoints/endpoint';
import { SalesReport, salesReportDetailed, salesReportDetailsById } from '../../../marketplace/endpoints/finance';
import { reportProgress } from '../../../queue/job-progress';
import { addCounts, ImportCounts, NO_COUNTS } from './import-counts';
import type { ReportPeriod } from './import-messages';
import { ImportsRepository } from './imports.repository';
import { reportBatch } from './report-rows';

/** A call that answers report rows in rrdId pages (by period, reference 4.1, or by report id, 12.1). */
type ReportEndpoint<P> = Endpoint<P, SalesReport>;

/** The first page starts after rrdId 0 (reference 4.1). */
const FIRST_RRD_ID = '0';

/** Whether a page that ends at rrdId `last` went past the one it was asked after; ids as digits, compared exactly. */
function goesPast(last: string, cursor: string): boolean {
  return BigInt(last) > BigInt(cursor);
}

/**
 * A page that does not go past its rrdId would be asked for again and again: the import stops instead of spinning.
 * Incurable: a retry would ask the same page of the same marketplace.
 */
function noProgress(endpoint: ReportEndpoint<never>, cursor: string): MarketplaceCallError {
  const failure = { scope: endpoint.scope, path: canonicalPath(endpoint.path), mpStatus: 200, mpRequestId: null };
  return new MarketplaceCallError(
    'MP_UNAVAILABLE',
    `Маркетплейс ответил на запрос отчёта о реализации после строки ${cursor} той же страницей: импорт остановлен, чтобы не повторять её без конца`,
    failure,
    false,
  );
}

/**
 * Reference 4.1: the detailed realisation report of a period, weekly (or of one report, 12.1), in pages of REPORT_PAGE_ROWS rows (`limit`), from
 * rrdId 0 and then the last row's rrdId, until 204. A page is streamed (written batch by batch as it arrives, never held
 * whole) and committed with the job's checkpoint (the rrdId as text), like the statistics feeds, so that a retried or
 * killed job goes on after the last committed page.
 */
@Injectable()
export class ReportWalker {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly client: MarketplaceClient,
    private readonly repository: ImportsRepository,
  ) {}

  /** The report rows of a period (the imports' by-period call). */
  walk(job: Job, accountId: string, period: ReportPeriod): Promise<ImportCounts> {
    return this.walkPages(job, job.id!, accountId, salesReportDetailed, (rrdId) => ({
      dateFrom: period.dateFrom,
      dateTo: period.dateTo,
      limit: this.config.reports.pageRows,
      rrdId,
    }));
  }

  /** The rows of one report by its id (reference 12.1), checkpointed apart from the job's other reports. */
  walkReport(job: Job, accountId: string, reportId: string): Promise<ImportCounts> {
    return this.walkPages(job, `${job.id!}:${reportId}`, accountId, salesReportDetailsById, (rrdId) => ({
      reportId,
      limit: this.config.reports.pageRows,
      rrdId,
    }));
  }

  private async walkPages<P extends { rrdId?: string }>(
    job: Job,
    checkpointId: string,
    accountId: string,
    endpoint: ReportEndpoint<P>,
    query: (rrdId: string) => P & { rrdId: string },
  ): Promise<ImportCounts> {
    const checkpoint = await this.repository.checkpoint(checkpointId, 'report');
    let totals: ImportCounts = checkpoint ?? NO_COUNTS;
    let cursor = checkpoint?.cursor ?? FIRST_RRD_ID;
    for (let done = checkpoint?.done ?? false; !done;) {
      const { counts, last } = await this.page(checkpointId, accountId, endpoint, query(cursor));
      if (last === undefined) {
        await this.repository.finishFeed(checkpointId, 'report', accountId, cursor);
        done = true;
      } else {
        cursor = last;
        totals = addCounts(totals, counts);
        const seen = totals.inserted + totals.updated + totals.unchanged;
        await reportProgress(job, { phase: 'running', message: `Получено строк отчёта о реализации: ${seen}`, counters: { report: seen } });
      }
    }
    return { inserted: totals.inserted, updated: totals.updated, unchanged: totals.unchanged };
  }

  /**
   * A page written with the job's checkpoint, and its last row's rrdId (undefined for the 204 that ends the report). A
   * page that does not go past its rrdId is not kept.
   */
  private async page<P extends { rrdId?: string }>(
    checkpointId: string,
    accountId: string,
    endpoint: ReportEndpoint<P>,
    query: P & { rrdId: string },
  ): Promise<{ counts: ImportCounts; last?: string }> {
    let last: string | undefined;
    const counts = await this.repository.savePage(checkpointId, 'report', accountId, async (write) => {
      await this.client.stream(endpoint, { accountId, onLongWait: 'delay-job' }, query, async (batch) => {
        const written = reportBatch(batch);
        last = written.last;
        await write(written);
      });
      if (last !== undefined && !goesPast(last, query.rrdId)) throw noProgress(endpoint, query.rrdId);
      return last;
    });
    return { counts, last };
  }
}
