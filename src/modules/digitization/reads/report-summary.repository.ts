import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { realisationReportRows as r } from '../../../database/schema';
import type { DigitizationReportTotalsDto, DigitizationReportWeekDto } from './report-summary.dto';

export interface ReportPeriod {
  accountId: string;
  dateFrom: string;
  dateTo: string;
}

type TotalsRow = Pick<DigitizationReportTotalsDto, keyof DigitizationReportTotalsDto> & {
  reportDateFrom: string | null;
  reportDateTo: string | null;
};

/** Reference 4.1: a return row carries its amounts unsigned; its document type says to take them away. */
const RETURN = 'Возврат';
const SALE = 'Продажа';

/**
 * The realisation report's totals of the reports whose first day is in the period, by report and in all, summed in SQL
 * on numeric (one statement: the grouping set () is the total).
 */
@Injectable()
export class ReportSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async totals({
    accountId,
    dateFrom,
    dateTo,
  }: ReportPeriod): Promise<{ total: DigitizationReportTotalsDto; weeks: DigitizationReportWeekDto[] }> {
    const signed = (column: typeof r.forPay) => sql`CASE WHEN ${r.docTypeName} = ${RETURN} THEN -${column} ELSE ${column} END`;
    const { rows } = await this.db.execute<TotalsRow>(sql`
      SELECT
        ${r.dateFrom} AS "reportDateFrom",
        ${r.dateTo} AS "reportDateTo",
        coalesce(sum(CASE ${r.docTypeName} WHEN ${SALE} THEN ${r.retailAmount} WHEN ${RETURN} THEN -${r.retailAmount} END), 0)::float8 AS "revenue",
        coalesce(sum(${signed(r.ppvzSalesCommission)}), 0)::float8 AS "commission",
        coalesce(sum(${r.deliveryService}), 0)::float8 AS "logistics",
        coalesce(sum(${r.paidStorage}), 0)::float8 AS "storage",
        coalesce(sum(${r.penalty}), 0)::float8 AS "penalties",
        coalesce(sum(${r.deduction}), 0)::float8 AS "deductions",
        coalesce(sum(${signed(r.forPay)}), 0)::float8 AS "payout",
        count(*)::int AS "rows"
      FROM ${r}
      WHERE ${r.mpAccountId} = ${accountId} AND ${r.dateFrom} >= ${dateFrom} AND ${r.dateFrom} <= ${dateTo}
      GROUP BY GROUPING SETS ((${r.dateFrom}, ${r.dateTo}), ())
      ORDER BY ${r.dateFrom} NULLS FIRST, ${r.dateTo}
    `);
    const [{ reportDateFrom: _from, reportDateTo: _to, ...total }, ...weeks] = rows;
    return { total, weeks: weeks as DigitizationReportWeekDto[] };
  }
}
