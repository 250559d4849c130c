import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, SQL, sql } from 'drizzle-orm';

import { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../database/query-page';
import { priceHistory } from '../../database/schema';
import type { BulkItem, PriceChangeSource } from '../../database/schema/pricing';
import type { Transaction } from '../../database/transaction';
import type { PriceSnapshot } from '../catalog/products/catalog.reader';

export type PriceHistoryRow = typeof priceHistory.$inferSelect;

export interface PriceHistoryFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  mpAccountId: string;
  nmId?: number;
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

/** The price history: one row per accepted item, and its pages. */
@Injectable()
export class PriceChangesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * A history row per item: the price and discount before (null for a product not in the catalog), the price the
   * snapshot now holds, and the discount the change set, null when it set none (a price-only change carries the
   * discount over in the snapshot, not in the history).
   */
  async insertHistory(tx: Transaction, change: AcceptedChange, before: Map<number, PriceSnapshot>): Promise<void> {
    // One parameter for the whole upload: up to 1000 rows, which as bound values would be 11 000 parameters to build.
    const rows = JSON.stringify(
      change.items.map(({ nmID, price, discount }) => {
        const old = before.get(nmID);
        return {
          nmID,
          oldPrice: old?.price ?? null,
          newPrice: price ?? old?.price ?? null,
          oldDiscount: old?.discount ?? null,
          newDiscount: discount ?? null,
        };
      }),
    );
    await tx.execute(sql`
      INSERT INTO ${priceHistory} (mp_account_id, nm_id, old_price, new_price, old_discount, new_discount, source, task_id, user_id, bulk_job_id, repricer_run_id)
      SELECT ${change.mpAccountId}, "nmID", "oldPrice", "newPrice", "oldDiscount", "newDiscount", ${change.source}, ${change.taskId},
        ${change.userId ?? null}::uuid, ${change.bulkJobId ?? null}::uuid, ${change.repricerRunId ?? null}::uuid
      FROM jsonb_to_recordset(${rows}::jsonb) AS i("nmID" bigint, "oldPrice" integer, "newPrice" integer, "oldDiscount" integer, "newDiscount" integer)`);
  }

  async findHistoryPage(query: PriceHistoryFilter): Promise<Page<PriceHistoryRow>> {
    const conditions: SQL[] = [eq(priceHistory.mpAccountId, query.mpAccountId)];
    if (query.nmId !== undefined) conditions.push(eq(priceHistory.nmId, query.nmId));
    const where = and(...conditions);
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: priceHistory.id },
      this.db.select().from(priceHistory).where(where).$dynamic(),
      this.db.select({ total: count() }).from(priceHistory).where(where),
    );
  }
}
