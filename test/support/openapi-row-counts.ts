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
