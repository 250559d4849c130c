import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';

/** A window's money beyond the P&L, as numeric text. */
export type SummaryMoney = {
  forPay: string;
  payout: string;
};

/** The account's state now: the balance last read (numeric text), the reports in mismatch, the last write of any of it. */
export type SummaryState = {
  balance: string | null;
  unreconciledReports: number;
  updatedAt: Date | null;
};

/** What the financial summary reads besides the P&L: reports, payouts and the balance. */
@Injectable()
export class AccountingSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Σ for_pay of the reports whose period lies within the days, and −Σ of the days' payout rows. */
  async money(accountId: string, dateFrom: string, dateTo: string): Promise<SummaryMoney> {
    const { rows } = await this.db.execute<SummaryMoney>(sql`
      SELECT
        (SELECT coalesce(sum(for_pay), 0) FROM accounting_reports WHERE mp_account_id = ${accountId}::uuid
          AND date_from >= ${dateFrom}::date AND date_to <= ${dateTo}::date) AS "forPay",
        (SELECT -coalesce(sum(amount), 0) FROM ledger_transactions WHERE mp_account_id = ${accountId}::uuid AND deleted_at IS NULL
          AND type = 'payout' AND date >= ${dateFrom}::date AND date <= ${dateTo}::date) AS "payout"`);
    return rows[0];
  }

  async state(accountId: string): Promise<SummaryState> {
    const { rows } = await this.db.execute<Omit<SummaryState, 'updatedAt'> & { updatedAt: string | null }>(sql`
      SELECT
        (SELECT current FROM accounting_balances WHERE mp_account_id = ${accountId}::uuid) AS balance,
        (SELECT count(*)::int FROM accounting_reports WHERE mp_account_id = ${accountId}::uuid AND state = 'mismatch') AS "unreconciledReports",
        greatest(
          (SELECT max(greatest(updated_at, deleted_at)) FROM ledger_transactions WHERE mp_account_id = ${accountId}::uuid),
          (SELECT max(greatest(listed_at, detailed_at)) FROM accounting_reports WHERE mp_account_id = ${accountId}::uuid),
          (SELECT read_at FROM accounting_balances WHERE mp_account_id = ${accountId}::uuid)
        ) AS "updatedAt"`);
    const [row] = rows;
    return { ...row, updatedAt: row.updatedAt === null ? null : new Date(row.updatedAt) };
  }
}
