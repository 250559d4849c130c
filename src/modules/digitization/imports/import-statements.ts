import { SQL, sql } from 'drizzle-orm';

import type { ImportFeed } from '../../../database/schema';
import { FeedColumns, ImportColumn, ORDER_COLUMNS, REPORT_COLUMNS, SALE_COLUMNS } from './import-columns';

interface FeedTable extends FeedColumns {
  table: string;
  /** The columns that tell a row changed. */
  compared: string[];
  /** Whether the table keeps the hash of each row's text as the marketplace sent it (content_hash). */
  hashed: boolean;
}

const names = (columns: ImportColumn[]): string[] => columns.map((column) => column.name);

const FEED_TABLES: Record<ImportFeed, FeedTable> = {
  orders: { table: 'mp_orders', ...ORDER_COLUMNS, compared: names(ORDER_COLUMNS.columns), hashed: true },
  sales: { table: 'mp_sales', ...SALE_COLUMNS, compared: names(SALE_COLUMNS.columns), hashed: true },
  // The row keeps every field the marketplace gave; the named columns are read from it.
  report: { table: 'realisation_report_rows', ...REPORT_COLUMNS, compared: ['row'], hashed: false },
};

/** The field a feed's rows are keyed by in the marketplace's items (besides the account). */
export function feedKeyField(feed: ImportFeed): string {
  return FEED_TABLES[feed].key.field;
}

const list = (items: string[]): SQL => sql.raw(items.join(', '));

/** Hashes as one bigint[] parameter, in decimal (each below 2^53). */
const hashArray = (hashes: number[]): SQL => sql`${sql.param(hashes.map(String))}::bigint[]`;

/** The statements of one feed's table, each the same text for every batch. */
export interface FeedStatements {
  /**
   * The items of one JSON parameter (read with json_to_recordset: as text JSON it is parsed once, about twice as fast
   * as jsonb), with their text hashes when the table keeps them, upserted by key writing only rows whose content differs;
   * answers how many were new and the keys (as text) of the rows that changed.
   */
  upsert(accountId: string, json: Buffer | string, hashes?: number[]): SQL;
  /** The stored text hash of each of these keys that has a row (null for a row without one). */
  storedHashes(accountId: string, keys: string[]): SQL;
  /** Sets these rows' text hashes (rows whose text changed while their values did not). */
  refreshHashes(accountId: string, keys: string[], hashes: number[]): SQL;
  /** One row of the account, if it has any. */
  anyRow(accountId: string): SQL;
}

function feedStatements(feed: FeedTable): FeedStatements {
  const key = sql.raw(`"${feed.key.column}"`);
  const table = sql.raw(feed.table);
  const quoted = feed.columns.map((column) => `"${column.name}"`);
  const written = list([...quoted, ...(feed.hashed ? ['content_hash'] : [])]);
  const recordset = list(feed.fields.map((field) => `"${field.key}" ${field.type}`));
  const values = list(feed.columns.map((column) => column.value));
  const assigned = list(
    [...quoted, ...(feed.hashed ? ['content_hash'] : [])]
      .filter((name) => name !== `"${feed.key.column}"`)
      .map((name) => `${name} = EXCLUDED.${name}`),
  );
  const current = list(feed.compared.map((name) => `${feed.table}."${name}"`));
  const incoming = list(feed.compared.map((name) => `EXCLUDED."${name}"`));
  const fieldNames = list(feed.fields.map((field) => `"${field.key}"`));
  const source = (json: Buffer | string, hashes?: number[]): SQL =>
    feed.hashed
      ? sql`ROWS FROM (json_to_recordset(${json}::json) AS (${recordset}), unnest(${hashArray(hashes ?? [])})) AS r(${fieldNames}, hash)`
      : sql`json_to_recordset(${json}::json) AS r(${recordset})`;
  return {
    upsert: (accountId, json, hashes) => sql`
      WITH written AS (
        INSERT INTO ${table} (mp_account_id, ${written})
        SELECT ${accountId}::uuid, ${values}${feed.hashed ? sql.raw(', r.hash') : sql``} FROM ${source(json, hashes)}
        ON CONFLICT (mp_account_id, ${key}) DO UPDATE SET ${assigned}, updated_at = now()
        WHERE (${current}) IS DISTINCT FROM (${incoming})
        RETURNING (xmax = 0) AS fresh, ${key}::text AS key
      )
      SELECT count(*) FILTER (WHERE fresh)::int AS inserted, array_agg(key) FILTER (WHERE NOT fresh) AS updated_keys FROM written`,
    // One primary-key probe per key (LIMIT 1 keeps the subquery per key): as a join, or with `key = ANY(...)`, the
    // planner, misled by the statistics of a table an import is filling, reads every row of the account per batch.
    storedHashes: (accountId, keys) => sql`
      SELECT k.key, t.content_hash::text AS hash FROM unnest(${sql.param(keys)}::text[]) AS k(key)
      JOIN LATERAL (SELECT content_hash FROM ${table} WHERE mp_account_id = ${accountId}::uuid AND ${key} = k.key LIMIT 1) AS t ON true`,
    refreshHashes: (accountId, keys, hashes) => sql`
      UPDATE ${table} SET content_hash = u.hash
      FROM unnest(${sql.param(keys)}::text[], ${hashArray(hashes)}) AS u(key, hash)
      JOIN LATERAL (SELECT ctid FROM ${table} WHERE mp_account_id = ${accountId}::uuid AND ${key} = u.key LIMIT 1) AS found ON true
      WHERE ${table}.ctid = found.ctid`,
    anyRow: (accountId) => sql`SELECT 1 FROM ${table} WHERE mp_account_id = ${accountId}::uuid LIMIT 1`,
  };
}

export const FEED_STATEMENTS = Object.fromEntries(
  Object.entries(FEED_TABLES).map(([feed, table]) => [feed, feedStatements(table)]),
) as Record<ImportFeed, FeedStatements>;
