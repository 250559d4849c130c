import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { salesReportDetailed } from '../../../marketplace/endpoints/finance';
import { reportProgress } from '../../../queue/job-progress';
import { addCounts, ImportCounts } from './import-counts';
import type { ReportPeriod } from './import-messages';
import { ImportsRepository } from './imports.repository';
import { lastOfEachKey } from './last-of-each-key';
import { reportRow } from './report-rows';

/** The first page starts after rrdId 0 (reference 4.1). */
const FIRST_RRD_ID = '0';

/**
 * Reference 4.1: the detailed realisation report of a period, weekly, from rrdId 0 and then the last row's rrdId,
 * until 204. Each page is committed with the job's checkpoint (the rrdId as text), like the statistics feeds.
 */
@Injectable()
export class ReportWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly repository: ImportsRepository,
  ) {}

  async walk(job: Job, accountId: string, period: ReportPeriod): Promise<ImportCounts> {
    const jobId = job.id!;
    const checkpoint = await this.repository.checkpoint(jobId, 'report');
    let totals: ImportCounts = {
      inserted: checkpoint?.inserted ?? 0,
      updated: checkpoint?.updated ?? 0,
      unchanged: checkpoint?.unchanged ?? 0,
    };
    let cursor = checkpoint?.cursor ?? FIRST_RRD_ID;
    for (let done = checkpoint?.done ?? false; !done;) {
      const query = { dateFrom: period.dateFrom, dateTo: period.dateTo, rrdId: cursor };
      const rows = (await this.client.call(salesReportDetailed, { accountId, onLongWait: 'delay-job' }, query)).body ?? [];
      if (rows.length === 0) {
        await this.repository.finishFeed(jobId, 'report', accountId, cursor);
        done = true;
      } else {
        const written = rows.map(reportRow);
        cursor = written[written.length - 1].rrdId;
        const page = await this.repository.savePage(jobId, 'report', accountId, async (write) => {
          const unique = lastOfEachKey(written.map((row) => row.rrdId))?.map((index) => written[index]) ?? written;
          await write({ json: JSON.stringify(unique), size: unique.length });
          return cursor;
        });
        totals = addCounts(totals, page);
        const seen = totals.inserted + totals.updated + totals.unchanged;
        await reportProgress(job, { phase: 'running', message: `Получено строк отчёта о реализации: ${seen}`, counters: { report: seen } });
      }
    }
    return totals;
  }
}
