import { and, eq, isNull, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import { CappedInsert, insertWithinCap } from './capped-insert';
import type { Database } from './database.tokens';

/** A table of settings an account owns and deletes softly. */
type SoftDeleteTable = PgTable & { id: PgColumn; mpAccountId: PgColumn; deletedAt: PgColumn; updatedAt: PgColumn };

/** The writes and the account lookup of a soft-delete table; a soft-deleted row is invisible to all of them. */
export class SoftDeleteRows<T extends SoftDeleteTable> {
  constructor(
    private readonly db: Database,
    private readonly table: T,
  ) {}

  /** The live row of an id, whichever account's. */
  live(id: string): SQL {
    return and(eq(this.table.id, id), isNull(this.table.deletedAt))!;
  }

  /** A live row of the account, or undefined when it is missing, deleted or another account's. */
  async findLive(mpAccountId: string, id: string): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table as PgTable)
      .where(and(this.live(id), eq(this.table.mpAccountId, mpAccountId)));
    return row as T['$inferSelect'] | undefined;
  }

  /** Inserts the row unless its account already holds `max` live rows (insertWithinCap). */
  insertWithin(values: T['$inferInsert'] & { mpAccountId: string }, max: number): Promise<CappedInsert<T['$inferSelect']>> {
    return insertWithinCap(
      this.db,
      { table: this.table, owner: this.table.mpAccountId, deletedAt: this.table.deletedAt },
      values.mpAccountId,
      max,
      values,
    );
  }

  /** The account of a live row, for @EntityScope. */
  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ mpAccountId: this.table.mpAccountId })
      .from(this.table as PgTable)
      .where(this.live(id));
    return row?.mpAccountId as string | undefined;
  }

  async updateLive(id: string, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db
      .update(this.table as PgTable)
      .set({ ...values, updatedAt: new Date() })
      .where(this.live(id))
      .returning();
    return row as T['$inferSelect'] | undefined;
  }

  async softDelete(id: string): Promise<boolean> {
    const rows = await this.db
      .update(this.table as PgTable)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(this.live(id))
      .returning({ id: this.table.id });
    return rows.length > 0;
  }
}
