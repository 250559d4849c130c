import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';

import type { EntityAccounts } from '../../../common/auth/scope.guard';
import type { Page } from '../../../common/http/pagination.dto';
import type { CappedInsert } from '../../../database/capped-insert';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { adBudgetLimits } from '../../../database/schema/autobidder';
import { SoftDeleteRows } from '../../../database/soft-delete-rows';

export type AdBudgetRow = typeof adBudgetLimits.$inferSelect;
export type AdBudgetValues = Pick<
  typeof adBudgetLimits.$inferInsert,
  'mpAccountId' | 'advertId' | 'dailyLimitRub' | 'periodLimitRub' | 'periodStartDate' | 'onLimitAction'
>;

const SORT_COLUMNS = { createdAt: adBudgetLimits.createdAt };

export interface AdBudgetListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  accountId: string;
  /** Only the limits of these campaigns. */
  advertId?: number[];
}

/** Every query of the budget limits' settings; a soft-deleted limit is invisible to all of them. */
@Injectable()
export class AdBudgetsRepository implements EntityAccounts {
  private readonly rows: SoftDeleteRows<typeof adBudgetLimits>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.rows = new SoftDeleteRows(db, adBudgetLimits);
  }

  findLive(mpAccountId: string, id: string): Promise<AdBudgetRow | undefined> {
    return this.rows.findLive(mpAccountId, id);
  }

  /** The campaign's live limit, if it has one. */
  async findLiveOfCampaign(mpAccountId: string, advertId: number): Promise<AdBudgetRow | undefined> {
    const [row] = await this.db
      .select()
      .from(adBudgetLimits)
      .where(and(eq(adBudgetLimits.mpAccountId, mpAccountId), eq(adBudgetLimits.advertId, advertId), isNull(adBudgetLimits.deletedAt)));
    return row;
  }

  accountOf(id: string): Promise<string | undefined> {
    return this.rows.accountOf(id);
  }

  /**
   * Inserts unless the account already holds `max` live limits (`row` undefined then); a second live limit of the
   * campaign fails on the partial unique index, whatever runs at the same time.
   */
  insertWithin(values: AdBudgetValues, max: number): Promise<CappedInsert<AdBudgetRow>> {
    return this.rows.insertWithin(values, max);
  }

  findPage(filter: AdBudgetListFilter): Promise<Page<AdBudgetRow>> {
    const where = and(
      eq(adBudgetLimits.mpAccountId, filter.accountId),
      isNull(adBudgetLimits.deletedAt),
      filter.advertId === undefined ? undefined : inArray(adBudgetLimits.advertId, filter.advertId),
    );
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: adBudgetLimits.id },
      this.db.select().from(adBudgetLimits).where(where).$dynamic(),
      this.db.select({ total: count() }).from(adBudgetLimits).where(where),
    );
  }

  updateLive(id: string, values: Partial<Omit<AdBudgetValues, 'mpAccountId' | 'advertId'>>): Promise<AdBudgetRow | undefined> {
    return this.rows.updateLive(id, values);
  }

  softDelete(id: string): Promise<boolean> {
    return this.rows.softDelete(id);
  }
}
