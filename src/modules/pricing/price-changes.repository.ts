import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, SQL } from 'drizzle-orm';

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
    await tx.insert(priceHistory).values(
      change.items.map(({ nmID, price, discount }) => {
        const old = before.get(nmID);
        return {
          mpAccountId: change.mpAccountId,
          nmId: nmID,
          oldPrice: old?.price ?? null,
          newPrice: price ?? old?.price ?? null,
          oldDiscount: old?.discount ?? null,
          newDiscount: discount ?? null,
          source: change.source,
          taskId: change.taskId,
          userId: change.userId ?? null,
          bulkJobId: change.bulkJobId ?? null,
          repricerRunId: change.repricerRunId ?? null,
        };
      }),
    );
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
