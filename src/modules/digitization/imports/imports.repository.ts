import { Inject, Injectable } from '@nestjs/common';
import { eq, max, SQL, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { importCheckpoints, ImportFeed, realisationReportRows } from '../../../database/schema';
import { ImportColumn, ORDER_COLUMNS, REPORT_COLUMNS, SALE_COLUMNS } from './import-columns';

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

interface FeedTable {
  table: string;
  /** The row key besides the account: its column and its key in the page's JSON. */
  key: ImportColumn;
  columns: ImportColumn[];
  /** What tells a row changed. */
  compared: ImportColumn[];
}

const byName = (columns: ImportColumn[], name: string): ImportColumn => columns.find((column) => column.name === name)!;

const FEED_TABLES: Record<ImportFeed, FeedTable> = {
  orders: { table: 'mp_orders', key: byName(ORDER_COLUMNS, 'srid'), columns: ORDER_COLUMNS, compared: ORDER_COLUMNS },
  sales: { table: 'mp_sales', key: byName(SALE_COLUMNS, 'sale_id'), columns: SALE_COLUMNS, compared: SALE_COLUMNS },
  // The row keeps every field the marketplace gave; the named columns are read from it.
  report: {
    table: 'realisation_report_rows',
    key: byName(REPORT_COLUMNS, 'rrd_id'),
    columns: REPORT_COLUMNS,
    compared: [byName(REPORT_COLUMNS, 'row')],
  },
};

const list = (items: string[]): SQL => sql.raw(items.join(', '));

/**
 * The statement of a page, the same text for every page of a feed: the rows from one JSON parameter (read with
 * json_to_recordset: as text JSON it is parsed once, about twice as fast for a page of 80 000 rows as jsonb), upserted by key
 * writing only rows whose content differs, then the job's checkpoint moved on with the counts.
 */
interface PageParameters {
  jobId: string;
  feed: ImportFeed;
  accountId: string;
  json: string;
  size: number;
  cursor: string;
}

function pageStatement(feed: FeedTable): (parameters: PageParameters) => SQL {
  const names = feed.columns.map((column) => `"${column.name}"`);
  const recordset = list(feed.columns.map((column) => `"${column.key}" ${column.type}`));
  const selected = list(feed.columns.map((column) => `r."${column.key}"`));
  const assigned = list(names.filter((name) => name !== `"${feed.key.name}"`).map((name) => `${name} = EXCLUDED.${name}`));
  const current = list(feed.compared.map((column) => `${feed.table}."${column.name}"`));
  const incoming = list(feed.compared.map((column) => `EXCLUDED."${column.name}"`));
  return ({ jobId, feed: feedName, accountId, json, size, cursor }) => sql`
    WITH written AS (
      INSERT INTO ${sql.raw(feed.table)} (mp_account_id, ${list(names)})
      SELECT ${accountId}::uuid, ${selected} FROM json_to_recordset(${json}::json) AS r(${recordset})
      ON CONFLICT (mp_account_id, ${sql.raw(feed.key.name)}) DO UPDATE SET ${assigned}, updated_at = now()
      WHERE (${current}) IS DISTINCT FROM (${incoming})
      RETURNING (xmax = 0) AS fresh
    ), counted AS (
      SELECT count(*) FILTER (WHERE fresh)::int AS inserted, count(*) FILTER (WHERE NOT fresh)::int AS updated FROM written
    ), moved AS (
      INSERT INTO import_checkpoints (job_id, feed, mp_account_id, cursor, inserted, updated, unchanged)
      SELECT ${jobId}, ${feedName}, ${accountId}::uuid, ${cursor}, inserted, updated, ${size}::int - inserted - updated FROM counted
      ON CONFLICT (job_id, feed) DO UPDATE SET cursor = EXCLUDED.cursor,
        inserted = import_checkpoints.inserted + EXCLUDED.inserted, updated = import_checkpoints.updated + EXCLUDED.updated,
        unchanged = import_checkpoints.unchanged + EXCLUDED.unchanged, updated_at = now()
    )
    SELECT inserted, updated, ${size}::int - inserted - updated AS unchanged FROM counted`;
}

const STATEMENTS = Object.fromEntries(Object.entries(FEED_TABLES).map(([feed, table]) => [feed, pageStatement(table)])) as Record<
  ImportFeed,
  ReturnType<typeof pageStatement>
>;

/** Every query of the imports: the pages with their checkpoints, the checkpoints, the report's coverage. */
@Injectable()
export class ImportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One page in one statement, hence one transaction: the rows upserted by key, and the job's checkpoint moved to
   * `cursor` with the page's counts added. A row repeated within the page is written once, its last version.
   */
  async savePage<R extends object>(jobId: string, feed: ImportFeed, accountId: string, rows: R[], cursor: string): Promise<ImportCounts> {
    const keyField = FEED_TABLES[feed].key.key as keyof R;
    const unique = [...new Map(rows.map((row) => [row[keyField], row])).values()];
    const result = await this.db.execute<ImportCounts & Record<string, unknown>>(
      STATEMENTS[feed]({ jobId, feed, accountId, json: JSON.stringify(unique), size: unique.length, cursor }),
    );
    const [counts] = result.rows;
    return { inserted: Number(counts.inserted), updated: Number(counts.updated), unchanged: Number(counts.unchanged) };
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
