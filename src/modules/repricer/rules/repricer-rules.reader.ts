import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { repricerRules } from '../../../database/schema';

export type RepricerRuleRow = typeof repricerRules.$inferSelect;

/** What the repricer engine reads: an account's rules that take part in a run. */
@Injectable()
export class RepricerRulesReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Active, not deleted rules in creation order (then id): the earliest matching rule wins. */
  async activeRules(mpAccountId: string): Promise<RepricerRuleRow[]> {
    return this.db
      .select()
      .from(repricerRules)
      .where(and(eq(repricerRules.mpAccountId, mpAccountId), eq(repricerRules.isActive, true), isNull(repricerRules.deletedAt)))
      .orderBy(asc(repricerRules.createdAt), asc(repricerRules.id));
  }

  /** Accounts that have an active, not deleted rule. */
  async accountIdsWithActiveRules(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: repricerRules.mpAccountId })
      .from(repricerRules)
      .where(and(eq(repricerRules.isActive, true), isNull(repricerRules.deletedAt)));
    return rows.map((row) => row.id);
  }

  /**
   * A version of the account's active rules that changes with every committed create, update or delete, whichever
   * process made it: each written row version carries its transaction's id (xmin), so the set of (id, xmin) pairs of
   * the rules that activeRules reads changes whenever one of them is written, added or removed. Cheap: no rule text.
   */
  async activeRulesVersion(mpAccountId: string): Promise<string> {
    const { rows } = await this.db.execute<{ version: string }>(sql`
      SELECT count(*) || ':' || coalesce(md5(string_agg(id::text || '@' || xmin::text, ',' ORDER BY id)), '') AS version
      FROM ${repricerRules} WHERE mp_account_id = ${mpAccountId} AND is_active AND deleted_at IS NULL`);
    return rows[0].version;
  }
}
