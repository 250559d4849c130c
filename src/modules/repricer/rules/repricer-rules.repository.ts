import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull, SQL } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { EntityAccounts } from '../../../common/auth/scope.guard';
import { Page } from '../../../common/http/pagination.dto';
import { CappedInsert, insertWithinCap } from '../../../database/capped-insert';
import { DATABASE, Database } from '../../../database/database.tokens';
import { containsText } from '../../../database/like';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { repricerRules, RepricerScope } from '../../../database/schema';
import { RepricerRuleRow } from './repricer-rules.reader';

export type RepricerRuleValues = Omit<typeof repricerRules.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const SORT_COLUMNS = { createdAt: repricerRules.createdAt, name: repricerRules.name };

/** The live rules of an account, of one scope or activity if given, in one order. */
export interface RepricerRuleListFilter extends Pick<DataScope, 'accountId'>, SortedPageRequest<keyof typeof SORT_COLUMNS> {
  scope?: RepricerScope;
  isActive?: boolean;
  q?: string;
}

/** Every query of the rules routes; a soft-deleted rule is invisible to all of them. */
@Injectable()
export class RepricerRulesRepository implements EntityAccounts {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Inserts the rule unless the account already holds `maxLive` live rules (insertWithinCap). */
  insertWithin(values: RepricerRuleValues, maxLive: number): Promise<CappedInsert<RepricerRuleRow>> {
    const rules = { table: repricerRules, owner: repricerRules.mpAccountId, deletedAt: repricerRules.deletedAt };
    return insertWithinCap(this.db, rules, values.mpAccountId, maxLive, values);
  }

  async findLive(id: string): Promise<RepricerRuleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(repricerRules)
      .where(and(eq(repricerRules.id, id), isNull(repricerRules.deletedAt)));
    return row;
  }

  /** The account of a live rule, for @EntityScope. */
  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ mpAccountId: repricerRules.mpAccountId })
      .from(repricerRules)
      .where(and(eq(repricerRules.id, id), isNull(repricerRules.deletedAt)));
    return row?.mpAccountId;
  }

  async findPage(filter: RepricerRuleListFilter): Promise<Page<RepricerRuleRow>> {
    const conditions: SQL[] = [eq(repricerRules.mpAccountId, filter.accountId), isNull(repricerRules.deletedAt)];
    if (filter.scope) conditions.push(eq(repricerRules.scope, filter.scope));
    if (filter.isActive !== undefined) conditions.push(eq(repricerRules.isActive, filter.isActive));
    if (filter.q) conditions.push(containsText(repricerRules.name, filter.q));
    const where = and(...conditions);
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: repricerRules.id },
      this.db.select().from(repricerRules).where(where).$dynamic(),
      this.db.select({ total: count() }).from(repricerRules).where(where),
    );
  }

  async updateLive(id: string, values: Partial<RepricerRuleValues>): Promise<RepricerRuleRow | undefined> {
    const [row] = await this.db
      .update(repricerRules)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(repricerRules.id, id), isNull(repricerRules.deletedAt)))
      .returning();
    return row;
  }

  async softDelete(id: string): Promise<boolean> {
    const rows = await this.db
      .update(repricerRules)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(repricerRules.id, id), isNull(repricerRules.deletedAt)))
      .returning({ id: repricerRules.id });
    return rows.length > 0;
  }
}
