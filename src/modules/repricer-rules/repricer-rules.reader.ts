import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DATABASE, Database } from '../../database/database.tokens';
import { repricerRules } from '../../database/schema';

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
}
