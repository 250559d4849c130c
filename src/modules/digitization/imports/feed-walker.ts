import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import type { ImportFeed } from '../../../database/schema';
import { itemText } from '../../../marketplace/client/json-array-batches';
import { MarketplaceClient, StreamedBatch } from '../../../marketplace/client/marketplace-client';
import { fieldMark, plainStringField } from '../../../marketplace/client/plain-string-field';
import type { Endpoint } from '../../../marketplace/endpoints/endpoint';
import { SupplierFeedQuery, SupplierOrder, supplierOrders, SupplierSale, supplierSales } from '../../../marketplace/endpoints/statistics';
import { reportProgress } from '../../../queue/job-progress';
import { contentHash } from './content-hash';
import { addCounts, ImportCounts, NO_COUNTS } from './import-counts';
import { feedKeyField } from './import-statements';
import { HashedBatch, ImportsRepository } from './imports.repository';
import { lastOfEachKey } from './last-of-each-key';

export type StatisticsFeed = Extract<ImportFeed, 'orders' | 'sales'>;
export const STATISTICS_FEEDS: StatisticsFeed[] = ['orders', 'sales'];

/** What a walk of both feeds wrote, and where each feed ended (the last row's lastChangeDate, as written). */
export interface FeedsWalked {
  totals: Record<StatisticsFeed, ImportCounts>;
  cursors: Record<StatisticsFeed, string>;
}

/** What the walk of one feed wrote, and where it ended. */
interface FeedWalked {
  totals: ImportCounts;
  cursor: string;
}

const FEED_NAMES: Record<StatisticsFeed, string> = { orders: 'заказов', sales: 'продаж и возвратов' };

type FeedItem = SupplierOrder | SupplierSale;

const FEED_ENDPOINTS: Record<StatisticsFeed, Endpoint<SupplierFeedQuery, FeedItem[]>> = { orders: supplierOrders, sales: supplierSales };

/**
 * The batch as the import writes it: each item's key, read from its text where plain (else from the item parsed), and
 * the hash of its text as it came; a key repeated within the batch is written once, its last version. Items are
 * parsed and checked only when the import sends them on.
 */
function hashedBatch(batch: StreamedBatch<FeedItem>, keyField: string, keyMark: Buffer, probe: boolean): HashedBatch {
  const texts = Array.from({ length: batch.count }, (_, index) => itemText(batch, index));
  const allKeys = texts.map((text, index) => plainStringField(text, keyMark) ?? keyOf(batch.pick([index]).items[0], keyField));
  const unique = lastOfEachKey(allKeys);
  const kept = unique ?? allKeys.map((_, index) => index);
  return {
    probe,
    keys: unique ? unique.map((index) => allKeys[index]) : allKeys,
    hashes: kept.map((index) => contentHash(texts[index])),
    json: (positions) => (!unique && positions.length === batch.count ? batch.pick() : batch.pick(positions.map((at) => kept[at]))).json,
  };
}

const keyOf = (item: FeedItem, keyField: string): string => (item as unknown as Record<string, string>)[keyField];

/**
 * Orders, and sales and returns: reference 3, flag 0, each page from the last row's full lastChangeDate until an empty
 * answer. Each page is committed with the job's checkpoint, so a retried or restarted job goes on after the last
 * committed page and never asks for it again. A page (up to 80 000 rows) is streamed: its batches are written as they
 * arrive, the marketplace's items passed to PostgreSQL as the JSON they came in, so that a page is never held whole.
 */
@Injectable()
export class FeedWalker {
  constructor(
    private readonly client: MarketplaceClient,
    private readonly repository: ImportsRepository,
  ) {}

  /**
   * Both feeds side by side (each has its own rate limit and its own checkpoint). When one fails, the other stops after
   * the page it is on, and the failure is thrown once both stopped, so that no write of this attempt outlives it.
   */
  async walk(job: Job, accountId: string, from: Record<StatisticsFeed, string>): Promise<FeedsWalked> {
    const seen: Record<StatisticsFeed, number> = { orders: 0, sales: 0 };
    const onPage = async (feed: StatisticsFeed, totals: ImportCounts) => {
      seen[feed] = totals.inserted + totals.updated + totals.unchanged;
      const message = `Получено ${FEED_NAMES.orders}: ${seen.orders}, ${FEED_NAMES.sales}: ${seen.sales}`;
      await reportProgress(job, { phase: 'running', message, counters: { [feed]: seen[feed] } });
    };
    const stop = new AbortController();
    const walks = await Promise.allSettled(
      STATISTICS_FEEDS.map((feed) =>
        this.walkFeed(job.id!, feed, accountId, from[feed], onPage, stop.signal).catch((error: unknown) => {
          stop.abort(error);
          throw error;
        }),
      ),
    );
    const failed = walks.find((walk) => walk.status === 'rejected');
    if (failed) throw failed.reason;
    const [orders, sales] = walks.map((walk) => (walk as PromiseFulfilledResult<FeedWalked>).value);
    return { totals: { orders: orders.totals, sales: sales.totals }, cursors: { orders: orders.cursor, sales: sales.cursor } };
  }

  /** One feed from its checkpoint (or `from`) to its end. */
  private async walkFeed(
    jobId: string,
    feed: StatisticsFeed,
    accountId: string,
    from: string,
    onPage: (feed: StatisticsFeed, totals: ImportCounts) => Promise<void>,
    stop: AbortSignal,
  ): Promise<FeedWalked> {
    const checkpoint = await this.repository.checkpoint(jobId, feed);
    let totals: ImportCounts = checkpoint ?? NO_COUNTS;
    let cursor = checkpoint?.cursor ?? from;
    // An account without rows of the feed (its first import) has no stored hash to compare with.
    const probe = await this.repository.hasRows(feed, accountId);
    for (let done = checkpoint?.done ?? false; !done;) {
      stop.throwIfAborted();
      const { counts, last } = await this.page(jobId, feed, accountId, cursor, probe);
      if (last !== undefined) {
        totals = addCounts(totals, counts);
        await onPage(feed, totals);
      }
      // An empty answer ends the feed; so does a page that ends at the second it started from, which (lastChangeDate
      // at or after dateFrom) would only come back again.
      done = last === undefined || last === cursor;
      cursor = last ?? cursor;
      if (done) await this.repository.finishFeed(jobId, feed, accountId, cursor);
    }
    return { totals: { inserted: totals.inserted, updated: totals.updated, unchanged: totals.unchanged }, cursor };
  }

  /** A page written with the job's checkpoint, and the last row's lastChangeDate as written (undefined for the empty answer that ends the feed). */
  private async page(
    jobId: string,
    feed: StatisticsFeed,
    accountId: string,
    dateFrom: string,
    probe: boolean,
  ): Promise<{ counts: ImportCounts; last?: string }> {
    let last: string | undefined;
    const keyField = feedKeyField(feed);
    const keyMark = fieldMark(keyField);
    const counts = await this.repository.savePage(jobId, feed, accountId, async (write) => {
      await this.client.stream(FEED_ENDPOINTS[feed], { accountId, onLongWait: 'delay-job' }, { dateFrom, flag: 0 }, async (batch) => {
        last = batch.pick([batch.count - 1]).items[0].lastChangeDate;
        await write(hashedBatch(batch, keyField, keyMark, probe));
      });
      return last;
    });
    return { counts, last };
  }
}
