import type { ReportDifference } from '../../../database/schema';

/** The figures of a realisation report that its rows must add up to, as numeric text. */
export const REPORT_TOTAL_FIELDS = [
  'retail',
  'forPay',
  'logistics',
  'storage',
  'acceptance',
  'deduction',
  'penalty',
  'bankPayment',
] as const;
export type ReportTotalField = (typeof REPORT_TOTAL_FIELDS)[number];
export type ReportTotals = Record<ReportTotalField, string>;

/** Numeric text to whole kopecks, exactly ("-12.5" → -1250n). */
function kopecks(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const value = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

/** The fields where the sums of the rows differ from the report's totals by a kopeck or more; none when reconciled. */
export function reportDifferences(report: ReportTotals, rows: ReportTotals): ReportDifference[] {
  return REPORT_TOTAL_FIELDS.flatMap((field) =>
    kopecks(report[field]) === kopecks(rows[field]) ? [] : [{ field, reportTotal: report[field], rowsTotal: rows[field] }],
  );
}
