import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull } from 'drizzle-orm';

import type { EntityAccounts } from '../../../common/auth/scope.guard';
import type { Page } from '../../../common/http/pagination.dto';
import type { CappedInsert } from '../../../database/capped-insert';
import { DATABASE, Database } from '../../../database/database.tokens';
import { containsText } from '../../../database/like';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { bidStrategies } from '../../../database/schema/autobidder';
import { SoftDeleteRows } from '../../../database/soft-delete-rows';

export type BidStrategyRow = typeof bidStrategies.$inferSelect;
export type BidStrategyValues = Omit<typeof bidStrategies.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const SORT_COLUMNS = { createdAt: bidStrategies.createdAt, name: bidStrategies.name };

export interface BidStrategyListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  accountId: string;
  isActive?: boolean;
  q?: string;
}

/** Every query of the bid strategies; a soft-deleted strategy is invisible to all of them. */
@Injectable()
export class BidStrategiesRepository implements EntityAccounts {
  private readonly rows: SoftDeleteRows<typeof bidStrategies>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.rows = new SoftDeleteRows(db, bidStrategies);
  }

  findLive(mpAccountId: string, id: string): Promise<BidStrategyRow | undefined> {
    return this.rows.findLive(mpAccountId, id);
  }

  accountOf(id: string): Promise<string | undefined> {
    return this.rows.accountOf(id);
  }

  /** Inserts unless the account already holds `max` live rows; `row` is undefined then. */
  insertWithin(values: BidStrategyValues, max: number): Promise<CappedInsert<BidStrategyRow>> {
    return this.rows.insertWithin(values, max);
  }

  findPage(filter: BidStrategyListFilter): Promise<Page<BidStrategyRow>> {
    const where = and(
      eq(bidStrategies.mpAccountId, filter.accountId),
      isNull(bidStrategies.deletedAt),
      filter.isActive === undefined ? undefined : eq(bidStrategies.isActive, filter.isActive),
      filter.q ? containsText(bidStrategies.name, filter.q) : undefined,
    );
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: bidStrategies.id },
      this.db.select().from(bidStrategies).where(where).$dynamic(),
      this.db.select({ total: count() }).from(bidStrategies).where(where),
    );
  }

  updateLive(id: string, values: Partial<Omit<BidStrategyValues, 'mpAccountId'>>): Promise<BidStrategyRow | undefined> {
    return this.rows.updateLive(id, values);
  }

  softDelete(id: string): Promise<boolean> {
    return this.rows.softDelete(id);
  }
}
