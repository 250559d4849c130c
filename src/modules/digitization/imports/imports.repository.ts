import { Inject, Injectable } from '@nestjs/common';
import { eq, max, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { importCheckpoints, ImportFeed, realisationReportRows } from '../../../database/schema';
import type { Transaction } from '../../../database/transaction';
import { addCounts, ImportCounts, NO_COUNTS } from './import-counts';
import { FEED_STATEMENTS } from './import-statements';

/** Where a job stands in a feed: its next page's start and what it wrote so far. */
export interface ImportCheckpoint extends ImportCounts {
  feed: ImportFeed;
  cursor: string;
  done: boolean;
}

/**
 * Writes a batch of a page while the caller reads the next: it answers when the batch before it is written, and throws
 * that batch's failure. A batch is a JSON array of the feed's items, `size` of them, or, for a feed that keeps the hash
 * of each item's text, the items' texts with their keys and hashes; each key once.
 */
export type WriteBatch = (batch: JsonBatch | HashedBatch) => Promise<void>;

export interface JsonBatch {
  json: Buffer | string;
  size: number;
}

export interface HashedBatch {
  /**
   * Whether the stored hashes of the keys are looked up. Not when the account had no row of the feed before the import:
   * every row of the batch is sent on, and the upsert, which compares values, still counts a row met twice as unchanged.
   */
  probe: boolean;
  keys: string[];
  hashes: number[];
  /** The items at these positions (of keys and hashes) as one JSON array of their texts, checked before they are sent on. */
  json(positions: number[]): Buffer;
}

/** Every query of the imports: the pages with their checkpoints, the checkpoints, the report's coverage. */
@Injectable()
export class ImportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One page in one transaction: `fill` writes its batches as it reads them, then answers the cursor of the page's end,
   * where the job's checkpoint is moved with the page's counts added (an empty page, cursor undefined, moves nothing).
   * Either the whole page and its checkpoint are committed, or nothing of them.
   */
  async savePage(
    jobId: string,
    feed: ImportFeed,
    accountId: string,
    fill: (write: WriteBatch) => Promise<string | undefined>,
  ): Promise<ImportCounts> {
    return this.db.transaction(async (tx) => {
      let counts = NO_COUNTS;
      let written: Promise<void> = Promise.resolve();
      const add = (more: Partial<ImportCounts>) => (counts = addCounts(counts, { ...NO_COUNTS, ...more }));
      const write: WriteBatch = (batch) => {
        const before = written;
        written = before.then(async () => {
          if (!('hashes' in batch)) {
            const { inserted, updatedKeys } = await this.upsert(tx, feed, accountId, batch.json);
            add({ inserted, updated: updatedKeys.length, unchanged: batch.size - inserted - updatedKeys.length });
            return;
          }
          add(await this.writeChanged(tx, feed, accountId, batch));
        });
        // Awaited by the next write or at the page's end; until then a failure must not count as unhandled.
        written.catch(() => undefined);
        return before;
      };
      const cursor = await fill(write);
      await written;
      if (cursor !== undefined)
        await tx
          .insert(importCheckpoints)
          .values({ jobId, feed, mpAccountId: accountId, cursor, ...counts })
          .onConflictDoUpdate({
            target: [importCheckpoints.jobId, importCheckpoints.feed],
            set: {
              cursor,
              inserted: sql`${importCheckpoints.inserted} + ${counts.inserted}`,
              updated: sql`${importCheckpoints.updated} + ${counts.updated}`,
              unchanged: sql`${importCheckpoints.unchanged} + ${counts.unchanged}`,
              updatedAt: new Date(),
            },
          });
      return counts;
    });
  }

  /**
   * A hashed batch: only items whose stored hash differs (new ones, changed ones, rows without a hash) are sent on and
   * upserted; a row whose values turn out the same gets the new hash alone, so that it is not sent on again.
   */
  private async writeChanged(tx: Transaction, feed: ImportFeed, accountId: string, batch: HashedBatch): Promise<ImportCounts> {
    const statements = FEED_STATEMENTS[feed];
    const { rows } = batch.probe
      ? await tx.execute<{ key: string; hash: string | null }>(statements.storedHashes(accountId, batch.keys))
      : { rows: [] };
    const stored = new Map(rows.map((row) => [row.key, row.hash]));
    const kept = batch.keys.flatMap((key, index) => (stored.get(key) === String(batch.hashes[index]) ? [] : [index]));
    if (kept.length === 0) return { ...NO_COUNTS, unchanged: batch.keys.length };
    const json = batch.json(kept);
    const { inserted, updatedKeys } = await this.upsert(
      tx,
      feed,
      accountId,
      json,
      kept.map((index) => batch.hashes[index]),
    );
    const updated = new Set(updatedKeys);
    const stale = kept.filter((index) => stored.has(batch.keys[index]) && !updated.has(batch.keys[index]));
    if (stale.length > 0)
      await tx.execute(
        statements.refreshHashes(
          accountId,
          stale.map((index) => batch.keys[index]),
          stale.map((index) => batch.hashes[index]),
        ),
      );
    return { inserted, updated: updated.size, unchanged: batch.keys.length - inserted - updated.size };
  }

  private async upsert(
    tx: Transaction,
    feed: ImportFeed,
    accountId: string,
    json: Buffer | string,
    hashes?: number[],
  ): Promise<{ inserted: number; updatedKeys: string[] }> {
    const [row] = (
      await tx.execute<{ inserted: number; updated_keys: string[] | null }>(FEED_STATEMENTS[feed].upsert(accountId, json, hashes))
    ).rows;
    return { inserted: Number(row.inserted), updatedKeys: row.updated_keys ?? [] };
  }

  /** Whether the account has any row of the feed. */
  async hasRows(feed: ImportFeed, accountId: string): Promise<boolean> {
    const { rows } = await this.db.execute(FEED_STATEMENTS[feed].anyRow(accountId));
    return rows.length > 0;
  }

  /** The feed gave its last page: the job will not ask it again. */
  async finishFeed(jobId: string, feed: ImportFeed, accountId: string, cursor: string): Promise<void> {
    await this.db
      .insert(importCheckpoints)
      .values({ jobId, feed, mpAccountId: accountId, cursor, done: true })
      .onConflictDoUpdate({ target: [importCheckpoints.jobId, importCheckpoints.feed], set: { done: true, updatedAt: new Date() } });
  }

  async checkpoints(jobId: string): Promise<ImportCheckpoint[]> {
    return this.db
      .select({
        feed: importCheckpoints.feed,
        cursor: importCheckpoints.cursor,
        done: importCheckpoints.done,
        inserted: importCheckpoints.inserted,
        updated: importCheckpoints.updated,
        unchanged: importCheckpoints.unchanged,
      })
      .from(importCheckpoints)
      .where(eq(importCheckpoints.jobId, jobId));
  }

  async checkpoint(jobId: string, feed: ImportFeed): Promise<ImportCheckpoint | undefined> {
    return (await this.checkpoints(jobId)).find((checkpoint) => checkpoint.feed === feed);
  }

  /** The last day of the account's imported realisation reports (YYYY-MM-DD), or null before the first. */
  async lastReportDay(accountId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ last: max(realisationReportRows.dateTo) })
      .from(realisationReportRows)
      .where(eq(realisationReportRows.mpAccountId, accountId));
    return row?.last ? row.last.slice(0, 10) : null;
  }
}
