import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { EntityAccounts } from '../../../common/auth/scope.guard';
import type { Page } from '../../../common/http/pagination.dto';
import type { CappedInsert } from '../../../database/capped-insert';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { complaintRules } from '../../../database/schema';
import { SoftDeleteRows } from '../../../database/soft-delete-rows';

export type ComplaintRuleRow = typeof complaintRules.$inferSelect;
export type ComplaintRuleValues = Omit<typeof complaintRules.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const SORT_COLUMNS = { createdAt: complaintRules.createdAt, priority: complaintRules.priority };

/** The live rules of an account, in one order. */
export interface ComplaintRuleListFilter extends Pick<DataScope, 'accountId'>, SortedPageRequest<keyof typeof SORT_COLUMNS> {}

/** Every query of the complaint rules; a soft-deleted rule is invisible to all of them. */
@Injectable()
export class ComplaintRulesRepository implements EntityAccounts {
  private readonly rows: SoftDeleteRows<typeof complaintRules>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.rows = new SoftDeleteRows(db, complaintRules);
  }

  /** Inserts unless the account already holds `max` live rows; `row` is undefined then. */
  insertWithin(values: ComplaintRuleValues, max: number): Promise<CappedInsert<ComplaintRuleRow>> {
    return this.rows.insertWithin(values, max);
  }

  /** A live rule of the account, or undefined when it is missing, deleted or another account's. */
  findLive(mpAccountId: string, id: string): Promise<ComplaintRuleRow | undefined> {
    return this.rows.findLive(mpAccountId, id);
  }

  /** The account of a live rule, for @EntityScope. */
  accountOf(id: string): Promise<string | undefined> {
    return this.rows.accountOf(id);
  }

  /** The active, live rules of an account: the candidates of the choice (Reply rule 8). */
  async activeOf(mpAccountId: string): Promise<ComplaintRuleRow[]> {
    return this.db
      .select()
      .from(complaintRules)
      .where(and(eq(complaintRules.mpAccountId, mpAccountId), eq(complaintRules.isActive, true), isNull(complaintRules.deletedAt)));
  }

  findPage(filter: ComplaintRuleListFilter): Promise<Page<ComplaintRuleRow>> {
    const where = and(eq(complaintRules.mpAccountId, filter.accountId), isNull(complaintRules.deletedAt));
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: complaintRules.id },
      this.db.select().from(complaintRules).where(where).$dynamic(),
      this.db.select({ total: count() }).from(complaintRules).where(where),
    );
  }

  updateLive(id: string, values: Partial<Omit<ComplaintRuleValues, 'mpAccountId'>>): Promise<ComplaintRuleRow | undefined> {
    return this.rows.updateLive(id, values);
  }

  softDelete(id: string): Promise<boolean> {
    return this.rows.softDelete(id);
  }
}
