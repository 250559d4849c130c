import { and, count, eq, getTableName, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from './database.tokens';

/** Rows an owner (an account, a user) holds; a soft-deleted row no longer counts. */
export interface OwnedRows<T extends PgTable> {
  table: T;
  owner: PgColumn;
  deletedAt: PgColumn;
}

/** The inserted row (undefined when the owner had reached the cap) and how many live rows the owner held before. */
export interface CappedInsert<Row> {
  row: Row | undefined;
  live: number;
}

/**
 * Inserts the row unless its owner already holds `max` live rows. The count and the insert run in one transaction under
 * an advisory lock of the table and the owner, so concurrent creates (on any number of processes) queue up and never
 * pass the cap together.
 */
export async function insertWithinCap<T extends PgTable>(
  db: Database,
  rows: OwnedRows<T>,
  ownerId: string,
  max: number,
  values: T['$inferInsert'],
): Promise<CappedInsert<T['$inferSelect']>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${getTableName(rows.table)}:${ownerId}`}, 0))`);
    const [{ live }] = await tx
      .select({ live: count() })
      .from(rows.table as PgTable)
      .where(and(eq(rows.owner, ownerId), isNull(rows.deletedAt)));
    if (live >= max) return { row: undefined, live };
    const [row] = await tx
      .insert(rows.table as PgTable)
      .values(values as PgTable['$inferInsert'])
      .returning();
    return { row: row as T['$inferSelect'], live };
  });
}
