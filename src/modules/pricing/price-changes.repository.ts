import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, inArray, isNull, SQL, sql } from 'drizzle-orm';

import { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { orderBy } from '../../database/order-by';
import { queryPage } from '../../database/query-page';
import { priceHistory, products } from '../../database/schema';
import type { BulkItem, PriceChangeSource } from '../../database/schema/pricing';
import type { Executor } from '../../database/transaction';
import { PriceHistoryQueryDto } from './pricing.dto';

export type PriceHistoryRow = typeof priceHistory.$inferSelect;

export interface PriceSnapshot {
  price: number | null;
  discount: number | null;
}

/** Items the marketplace accepted in one upload, and who or what sent them. */
export interface AcceptedChange {
  mpAccountId: string;
  items: BulkItem[];
  taskId: number;
  source: PriceChangeSource;
  userId?: string;
  bulkJobId?: string;
  repricerRunId?: string;
}

const SORT_COLUMNS = { createdAt: priceHistory.createdAt };

/** The catalog side of pricing: which products exist, their price snapshot, and the price history. */
@Injectable()
export class PriceChangesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The snapshot of a product in the account's catalog (not removed), or undefined. */
  async findSnapshot(mpAccountId: string, nmId: number): Promise<PriceSnapshot | undefined> {
    const [row] = await this.db
      .select({ price: products.price, discount: products.discount })
      .from(products)
      .where(and(eq(products.mpAccountId, mpAccountId), eq(products.nmId, nmId), isNull(products.removedAt)));
    return row;
  }

  /** The nmIds that are not in the account's catalog (absent or removed), in the order given. */
  async missingNmIds(mpAccountId: string, nmIds: number[]): Promise<number[]> {
    const rows = await this.db
      .select({ nmId: products.nmId })
      .from(products)
      .where(and(eq(products.mpAccountId, mpAccountId), inArray(products.nmId, nmIds), isNull(products.removedAt)));
    const found = new Set(rows.map((row) => row.nmId));
    return nmIds.filter((nmId) => !found.has(nmId));
  }

  /**
   * One statement: a history row per item (old and new price, the discount before and the one the change set, null
   * when it set none: a price-only change carries the discount over in the snapshot, not in the history) and the
   * optimistic snapshot with the new values and the discounted price in exact numeric arithmetic, pending until a price sync sees them. Rows
   * are locked in nmId order by every writer, so uploads of overlapping products queue up and never deadlock.
   */
  async writeAccepted(db: Executor, change: AcceptedChange): Promise<Map<number, PriceSnapshot>> {
    const items = JSON.stringify(
      change.items.map(({ nmID, price, discount }) => ({ nmID, price: price ?? null, discount: discount ?? null })),
    );
    const result = await db.execute<{ nm_id: string; old_price: number | null; old_discount: number | null }>(sql`
      WITH item AS (
        SELECT * FROM jsonb_to_recordset(${items}::jsonb) AS i("nmID" bigint, price integer, discount integer)
      ), old AS (
        SELECT p.id, p.nm_id, p.price, p.discount FROM ${products} p
        WHERE p.mp_account_id = ${change.mpAccountId} AND p.nm_id IN (SELECT "nmID" FROM item)
        ORDER BY p.nm_id FOR UPDATE
      ), next AS (
        SELECT item."nmID" AS nm_id, old.id, old.price AS old_price, old.discount AS old_discount,
          coalesce(item.price, old.price) AS price, coalesce(item.discount, old.discount) AS discount, item.discount AS set_discount
        FROM item LEFT JOIN old ON old.nm_id = item."nmID"
      ), history AS (
        INSERT INTO ${priceHistory} (mp_account_id, nm_id, old_price, new_price, old_discount, new_discount, source, task_id, user_id, bulk_job_id, repricer_run_id)
        SELECT ${change.mpAccountId}, nm_id, old_price, price, old_discount, set_discount, ${change.source}, ${change.taskId}, ${change.userId ?? null}::uuid, ${change.bulkJobId ?? null}::uuid, ${change.repricerRunId ?? null}::uuid
        FROM next
      )
      UPDATE ${products} p SET price = next.price, discount = next.discount,
        discounted_price = next.price::numeric * (100 - coalesce(next.discount, 0)) / 100,
        price_pending_since = now(), updated_at = now()
      FROM next WHERE p.id = next.id
      RETURNING next.nm_id, next.old_price, next.old_discount`);
    return new Map(result.rows.map((row) => [Number(row.nm_id), { price: row.old_price, discount: row.old_discount }]));
  }

  async findHistoryPage(query: PriceHistoryQueryDto): Promise<Page<PriceHistoryRow>> {
    const conditions: SQL[] = [eq(priceHistory.mpAccountId, query.mpAccountId)];
    if (query.nmId !== undefined) conditions.push(eq(priceHistory.nmId, query.nmId));
    const where = and(...conditions);
    return queryPage(
      query,
      (limit, offset) =>
        this.db
          .select()
          .from(priceHistory)
          .where(where)
          .orderBy(...orderBy(SORT_COLUMNS, query.sortBy, query.sortDirection, priceHistory.id))
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(priceHistory).where(where),
    );
  }
}
