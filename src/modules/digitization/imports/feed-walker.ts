import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import type { ImportFeed } from '../../../database/schema';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { supplierOrders, supplierSales } from '../../../marketplace/endpoints/statistics';
import { reportProgress } from '../../../queue/job-progress';
import { OrderRow, orderRow, SaleRow, saleRow } from './feed-rows';
import { ImportCounts, ImportsRepository } from './imports.repository';

export type StatisticsFeed = Extract<ImportFeed, 'orders' | 'sales'>;
export const STATISTICS_FEEDS: StatisticsFeed[] = ['orders', 'sales'];

/** What a walk of both feeds wrote, and where each feed ended (the last row's lastChangeDate, as written). */
export interface FeedsWalked {
  totals: Record<StatisticsFeed, ImportCounts>;
  cursors: Record<StatisticsFeed, string>;
}

const ZERO: ImportCounts = { inserted: 0, updated: 0, unchanged: 0 };

const FEED_NAMES: Record<StatisticsFeed, string> = { orders: 'заказов', sales: 'продаж и возвратов' };

/**
 * Orders, then sales and returns: reference 3, flag 0, each page from the last row's full lastChangeDate until an empty
 * answer. Each page is committed with the job's checkpoint, so a retried or restarted job goes on after the last
 * committed page and never asks for it again.
 */
@Injectable()
export class FeedWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly repository: ImportsRepository,
  ) {}

  async walk(job: Job, accountId: string, from: Record<StatisticsFeed, string>): Promise<FeedsWalked> {
    const walked: FeedsWalked = { totals: { orders: ZERO, sales: ZERO }, cursors: { ...from } };
    const jobId = job.id!;
    for (const feed of STATISTICS_FEEDS) {
      const checkpoint = await this.repository.checkpoint(jobId, feed);
      let totals: ImportCounts = checkpoint ?? ZERO;
      let cursor = checkpoint?.cursor ?? from[feed];
      for (let done = checkpoint?.done ?? false; !done;) {
        const { rows, last } = await this.page(feed, accountId, cursor);
        if (last !== undefined) {
          totals = add(totals, await this.repository.savePage(jobId, feed, accountId, rows, last));
          const seen = totals.inserted + totals.updated + totals.unchanged;
          await reportProgress(job, { phase: 'running', message: `Получено ${FEED_NAMES[feed]}: ${seen}`, counters: { [feed]: seen } });
        }
        // An empty answer ends the feed; so does a page that ends at the second it started from, which (lastChangeDate
        // at or after dateFrom) would only come back again.
        done = last === undefined || last === cursor;
        cursor = last ?? cursor;
        if (done) await this.repository.finishFeed(jobId, feed, accountId, cursor);
      }
      walked.totals[feed] = { inserted: totals.inserted, updated: totals.updated, unchanged: totals.unchanged };
      walked.cursors[feed] = cursor;
    }
    return walked;
  }

  /** A page as rows to write, and the last row's lastChangeDate as written (undefined for the empty answer that ends the feed). */
  private async page(feed: StatisticsFeed, accountId: string, dateFrom: string): Promise<{ rows: (OrderRow | SaleRow)[]; last?: string }> {
    const options = { accountId, onLongWait: 'delay-job' } as const;
    const query = { dateFrom, flag: 0 } as const;
    const rows =
      feed === 'orders'
        ? (await this.client.call(supplierOrders, options, query)).body
        : (await this.client.call(supplierSales, options, query)).body;
    return { rows: rows.map((row) => ('saleID' in row ? saleRow(row) : orderRow(row))), last: rows.at(-1)?.lastChangeDate };
  }
}

export function add(a: ImportCounts, b: ImportCounts): ImportCounts {
  return { inserted: a.inserted + b.inserted, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged };
}
