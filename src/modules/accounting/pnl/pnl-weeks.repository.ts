import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { analytical } from './pnl.sql';
import { lockWeeks, refreshWeeks } from './pnl-weeks.sql';

/** Weeks written by one recompute beyond which the table's statistics are out of date. */
const MANY_WEEKS = 10_000;

/** The P&L's sums by SKU and week: brought up to date with the ledger and the cost prices before a P&L by SKU reads them. */
@Injectable()
export class PnlWeeksRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Recomputes the account's weeks whose rows or cost prices changed since they were summed (none: a cheap no-op). A
   * recompute of many (a first sync, a bulk of cost prices) updates the table's statistics at once, so that the next
   * P&L is planned for its real size, not for what autovacuum saw last.
   */
  async refresh(accountId: string): Promise<void> {
    const [{ written }] = await analytical<{ written: number }>(this.db, lockWeeks(accountId), refreshWeeks(accountId));
    if (written >= MANY_WEEKS) await this.db.execute(sql`ANALYZE pnl_sku_weeks`);
  }
}
