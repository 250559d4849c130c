import { Inject, Injectable } from '@nestjs/common';
import { eq, max, SQL, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { importCheckpoints, ImportFeed, realisationReportRows } from '../../../database/schema';
import { FeedColumns, ImportColumn, ORDER_COLUMNS, REPORT_COLUMNS, SALE_COLUMNS } from './import-columns';

/** What a page did to the table: rows new, rows whose content changed, rows that were already the same. */
export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Where a job stands in a feed: its next page's start and what it wrote so far. */
export interface ImportCheckpoint extends ImportCounts {
  feed: ImportFeed;
  cursor: string;
  done: boolean;
}

interface FeedTable extends FeedColumns {
  table: string;
  /** The columns that tell a row changed. */
  compared: string[];
}

const names = (columns: ImportColumn[]): string[] => columns.map((column) => column.name);

const FEED_TABLES: Record<ImportFeed, FeedTable> = {
  orders: { table: 'mp_orders', ...ORDER_COLUMNS, compared: names(ORDER_COLUMNS.columns) },
  sales: { table: 'mp_sales', ...SALE_COLUMNS, compared: names(SALE_COLUMNS.columns) },
  // The row keeps every field the marketplace gave; the named columns are read from it.
  report: { table: 'realisation_report_rows', ...REPORT_COLUMNS, compared: ['row'] },
};

/** The field a feed's rows are keyed by in the marketplace's items (besides the account). */
export function feedKeyField(feed: ImportFeed): string {
  return FEED_TABLES[feed].key.field;
}

const list = (items: string[]): SQL => sql.raw(items.join(', '));

/**
 * The statement of a batch, the same text for every batch of a feed: the items from one JSON parameter (read with
 * json_to_recordset: as text JSON it is parsed once, about twice as fast as jsonb), upserted by key writing only rows
 * whose content differs, answering how many were new and how many changed.
 */
function batchStatement(feed: FeedTable): (accountId: string, json: Buffer | string) => SQL {
  const quoted = feed.columns.map((column) => `"${column.name}"`);
  const recordset = list(feed.fields.map((field) => `"${field.key}" ${field.type}`));
  const values = list(feed.columns.map((column) => column.value));
  const assigned = list(quoted.filter((name) => name !== `"${feed.key.column}"`).map((name) => `${name} = EXCLUDED.${name}`));
  const current = list(feed.compared.map((name) => `${feed.table}."${name}"`));
  const incoming = list(feed.compared.map((name) => `EXCLUDED."${name}"`));
  return (accountId, json) => sql`
    WITH written AS (
      INSERT INTO ${sql.raw(feed.table)} (mp_account_id, ${list(quoted)})
      SELECT ${accountId}::uuid, ${values} FROM json_to_recordset(${json}::json) AS r(${recordset})
      ON CONFLICT (mp_account_id, ${sql.raw(feed.key.column)}) DO UPDATE SET ${assigned}, updated_at = now()
      WHERE (${current}) IS DISTINCT FROM (${incoming})
      RETURNING (xmax = 0) AS fresh
    )
    SELECT count(*) FILTER (WHERE fresh)::int AS inserted, count(*) FILTER (WHERE NOT fresh)::int AS updated FROM written`;
}

const STATEMENTS = Object.fromEntries(Object.entries(FEED_TABLES).map(([feed, table]) => [feed, batchStatement(table)])) as Record<
  ImportFeed,
  ReturnType<typeof batchStatement>
>;

/**
 * Writes a batch of a page (a JSON array of the feed's items, `size` of them, each key once) while the caller reads
 * the next: it answers when the batch before it is written, and throws that batch's failure.
 */
export type WriteBatch = (json: Buffer | string, size: number) => Promise<void>;

const ZERO: ImportCounts = { inserted: 0, updated: 0, unchanged: 0 };

/** Every query of the imports: the pages with their checkpoints, the checkpoints, the report's coverage. */
@Injectable()
export class ImportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One page in one transaction: `fill` writes its batches as it reads them, then answers the cursor of the page's end,
   * where the job's checkpoint is moved with the page's counts added (an empty page, cursor undefined, moves nothing).
   * Either the whole page and its checkpoint are committed, or nothing of them.
   */
  async savePage(jobId: string, feed: ImportFeed, accountId: string, fill: (write: WriteBatch) => Promise<string | undefined>): Promise<ImportCounts> {
    return this.db.transaction(async (tx) => {
      let counts = ZERO;
      let written: Promise<void> = Promise.resolve();
      const write: WriteBatch = (json, size) => {
        const before = written;
        written = before.then(async () => {
          const [row] = (await tx.execute<{ inserted: number; updated: number }>(STATEMENTS[feed](accountId, json))).rows;
          const inserted = Number(row.inserted);
          const updated = Number(row.updated);
          counts = { inserted: counts.inserted + inserted, updated: counts.updated + updated, unchanged: counts.unchanged + size - inserted - updated };
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
