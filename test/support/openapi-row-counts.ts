import { sql } from 'drizzle-orm';

import type { Database } from '../../src/database/database.tokens';

/** A reader of the row counts of every table of the public schema, one statement a read: {table: rows}. */
export async function rowCounter(db: Database): Promise<() => Promise<Record<string, number>>> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const statement = sql.raw(`select ${tables.map(({ name }) => `(select count(*) from public."${name}")::int as "${name}"`).join(', ')}`);
  return async () => (await db.execute<Record<string, number>>(statement)).rows[0];
}

/** The tables whose row count differs, as "table before -> after", or '' when none does. */
export function changedTables(before: Record<string, number>, after: Record<string, number>): string {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table} ${before[table]} -> ${after[table]}`)
    .join(', ');
}
