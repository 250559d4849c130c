import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, getTableColumns, gte, lte, sql } from 'drizzle-orm';

import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { accountingBalances, accountingReports, ledgerTransactions, LedgerType, ReportKind } from '../../../database/schema';
import { AdCharge, insertAdSpendLedger } from './ad-spend-ledger.statements';
import { insertReportLedger, reportRowSums } from './report-ledger.statements';
import { reportDifferences, ReportTotals } from './report-totals';

/** A report as the reports list gives it: its id as exact digits, its totals as numeric text. */
export interface ListedReport extends ReportTotals {
  reportId: string;
  kind: ReportKind;
  dateFrom: string;
  dateTo: string;
  createDate: string;
  additionalPayment: string;
  listItem: Record<string, unknown>;
}

export type AccountingReportRow = Omit<typeof accountingReports.$inferSelect, 'reportId'> & { reportId: string };

export interface ReportNmRow extends Record<string, unknown> {
  nmId: number | null;
  units: number;
  total: string;
  lines: { type: LedgerType; amount: string }[];
}

type RowSums = ReportTotals & {
  rows_count: number;
  unmapped: string[];
};

const { reportId: _reportId, ...reportColumns } = getTableColumns(accountingReports);
/** A report's columns with its id as exact digits. */
const REPORT_SELECT = { ...reportColumns, reportId: sql<string>`${accountingReports.reportId}::text` };

/** The reports of an account (accounting_reports), their reconciliation and the ledger rows made of them. */
@Injectable()
export class AccountingReportsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The listed reports stored; answers the ids of those new or changed since they were last listed (their rows are to
   * be read again). A changed report goes back to listed until it is reconciled again.
   */
  async saveListed(accountId: string, reports: ListedReport[]): Promise<string[]> {
    if (reports.length === 0) return [];
    const { rows } = await this.db.execute<{ report_id: string }>(sql`
      INSERT INTO accounting_reports AS a (mp_account_id, report_id, kind, date_from, date_to, create_date, retail, for_pay,
        logistics, storage, acceptance, deduction, penalty, additional_payment, bank_payment, list_item)
      SELECT ${accountId}::uuid, (r->>'reportId')::bigint, r->>'kind', (r->>'dateFrom')::date, (r->>'dateTo')::date,
        (r->>'createDate')::date, (r->>'retail')::numeric, (r->>'forPay')::numeric, (r->>'logistics')::numeric,
        (r->>'storage')::numeric, (r->>'acceptance')::numeric, (r->>'deduction')::numeric, (r->>'penalty')::numeric,
        (r->>'additionalPayment')::numeric, (r->>'bankPayment')::numeric, r->'listItem'
      FROM jsonb_array_elements(${JSON.stringify(reports)}::jsonb) r
      ON CONFLICT (mp_account_id, report_id) DO UPDATE SET kind = EXCLUDED.kind, date_from = EXCLUDED.date_from,
        date_to = EXCLUDED.date_to, create_date = EXCLUDED.create_date, retail = EXCLUDED.retail, for_pay = EXCLUDED.for_pay,
        logistics = EXCLUDED.logistics, storage = EXCLUDED.storage, acceptance = EXCLUDED.acceptance,
        deduction = EXCLUDED.deduction, penalty = EXCLUDED.penalty, additional_payment = EXCLUDED.additional_payment,
        bank_payment = EXCLUDED.bank_payment, list_item = EXCLUDED.list_item, state = 'listed', listed_at = now()
      WHERE a.list_item IS DISTINCT FROM EXCLUDED.list_item
      RETURNING report_id::text`);
    return rows.map((row) => row.report_id);
  }

  /** The ids of an account's reports in the period still listed: not yet reconciled or found mismatched (a sync that died left them listed). */
  async unsettled(accountId: string, dateFrom: string, dateTo: string): Promise<string[]> {
    const rows = await this.db
      .select({ reportId: sql<string>`${accountingReports.reportId}::text` })
      .from(accountingReports)
      .where(
        and(
          eq(accountingReports.mpAccountId, accountId),
          eq(accountingReports.state, 'listed'),
          gte(accountingReports.dateTo, dateFrom),
          lte(accountingReports.dateFrom, dateTo),
        ),
      )
      .orderBy(accountingReports.dateFrom);
    return rows.map((row) => row.reportId);
  }

  /** Whether the rows already stored of the report (by the imports, or an earlier sync) add up to its totals. */
  async storedRowsReconcile(accountId: string, reportId: string): Promise<boolean> {
    const report = await this.find(accountId, reportId);
    if (!report) return false;
    const sums = await this.rowSums(accountId, reportId);
    return sums.rows_count > 0 && reportDifferences(totalsOf(report), sums).length === 0;
  }

  /**
   * The report reconciled against its stored rows, and its ledger rows written again from them, in one transaction:
   * reconciled when every total equals the sum of its rows to the kopeck, mismatch with the differences otherwise.
   */
  async reconcile(accountId: string, reportId: string): Promise<AccountingReportRow | undefined> {
    return this.db.transaction(async (tx) => {
      const report = await this.find(accountId, reportId, tx);
      if (!report) return undefined;
      const [sums] = (await tx.execute<RowSums>(reportRowSums(accountId, reportId))).rows;
      const differences = reportDifferences(totalsOf(report), sums);
      await tx
        .delete(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.mpAccountId, accountId),
            eq(ledgerTransactions.source, 'mp_report'),
            eq(ledgerTransactions.reportId, reportId),
          ),
        );
      await tx.execute(insertReportLedger(accountId, reportId));
      const [row] = await tx
        .update(accountingReports)
        .set({
          state: differences.length === 0 ? 'reconciled' : 'mismatch',
          differences,
          rowsCount: sums.rows_count,
          unmappedOperations: sums.unmapped,
          detailedAt: new Date(),
        })
        .where(reportKey(accountId, reportId))
        .returning(REPORT_SELECT);
      return row;
    });
  }

  /** The advertising rows of the days from..to (Moscow) written again from the charges of those days. */
  async replaceAdSpend(accountId: string, dateFrom: string, dateTo: string, charges: AdCharge[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .delete(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.mpAccountId, accountId),
            eq(ledgerTransactions.source, 'mp_ads'),
            gte(ledgerTransactions.date, dateFrom),
            lte(ledgerTransactions.date, dateTo),
          ),
        );
      if (charges.length > 0) await tx.execute(insertAdSpendLedger(accountId, charges));
    });
  }

  async saveBalance(accountId: string, balance: { currency: string; current: string; forWithdraw: string }): Promise<void> {
    const values = { ...balance, readAt: new Date() };
    await this.db
      .insert(accountingBalances)
      .values({ mpAccountId: accountId, ...values })
      .onConflictDoUpdate({ target: accountingBalances.mpAccountId, set: values });
  }

  async find(accountId: string, reportId: string, db: Pick<Database, 'select'> = this.db): Promise<AccountingReportRow | undefined> {
    const [row] = await db.select(REPORT_SELECT).from(accountingReports).where(reportKey(accountId, reportId));
    return row;
  }

  /** Newest period first; reports overlapping dateFrom..dateTo. */
  page(accountId: string, filter: { dateFrom?: string; dateTo?: string }, page: PageRequest): Promise<Page<AccountingReportRow>> {
    const where = and(
      eq(accountingReports.mpAccountId, accountId),
      filter.dateFrom ? gte(accountingReports.dateTo, filter.dateFrom) : undefined,
      filter.dateTo ? lte(accountingReports.dateFrom, filter.dateTo) : undefined,
    );
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select(REPORT_SELECT)
          .from(accountingReports)
          .where(where)
          .orderBy(desc(accountingReports.dateFrom), desc(accountingReports.reportId))
          .limit(limit)
          .offset(offset),
      () =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(accountingReports)
          .where(where),
    );
  }

  /** The report's ledger rows summed by type (money as numeric text). */
  async lines(accountId: string, reportId: string): Promise<{ type: LedgerType; amount: string }[]> {
    const { rows } = await this.db.execute<{ type: LedgerType; amount: string }>(sql`
      SELECT type, sum(amount)::text AS amount FROM ledger_transactions
      WHERE ${reportLedger(accountId, reportId)} GROUP BY type ORDER BY type`);
    return rows;
  }

  /** The report's ledger rows by product, the biggest sales first (rows without a product as nmId null), a page of them. */
  async byNm(accountId: string, reportId: string, page: PageRequest): Promise<Page<ReportNmRow>> {
    const byType = sql`SELECT nm_id, type, sum(amount) AS amount, sum(quantity) AS quantity FROM ledger_transactions
      WHERE ${reportLedger(accountId, reportId)} GROUP BY nm_id, type`;
    return queryPage(
      page,
      async (limit, offset) =>
        (
          await this.db.execute<ReportNmRow>(sql`
            SELECT nm_id::int AS "nmId", COALESCE(sum(quantity) FILTER (WHERE type IN ('sale', 'return')), 0)::int AS units,
              sum(amount)::text AS total, jsonb_agg(jsonb_build_object('type', type, 'amount', amount::text) ORDER BY type) AS lines
            FROM (${byType}) t GROUP BY nm_id
            ORDER BY COALESCE(sum(amount) FILTER (WHERE type = 'sale'), 0) DESC, nm_id NULLS LAST LIMIT ${limit} OFFSET ${offset}`)
        ).rows,
      async () =>
        (
          await this.db.execute<{ total: number }>(
            sql`SELECT count(DISTINCT nm_id)::int + bool_or(nm_id IS NULL)::int AS total FROM (${byType}) t`,
          )
        ).rows.map((row) => ({ total: row.total ?? 0 })),
    );
  }

  private async rowSums(accountId: string, reportId: string): Promise<RowSums> {
    const [sums] = (await this.db.execute<RowSums>(reportRowSums(accountId, reportId))).rows;
    return sums;
  }
}

/** The live ledger rows of a report. */
function reportLedger(accountId: string, reportId: string) {
  return sql`mp_account_id = ${accountId}::uuid AND source = 'mp_report' AND report_id = ${reportId} AND deleted_at IS NULL`;
}

function reportKey(accountId: string, reportId: string) {
  return and(eq(accountingReports.mpAccountId, accountId), eq(accountingReports.reportId, BigInt(reportId)));
}

function totalsOf(report: AccountingReportRow): ReportTotals {
  return {
    retail: report.retail,
    forPay: report.forPay,
    logistics: report.logistics,
    storage: report.storage,
    acceptance: report.acceptance,
    deduction: report.deduction,
    penalty: report.penalty,
    bankPayment: report.bankPayment,
  };
}
