import { amountOfKopecks, kopecksOf } from './generator/kopecks';

/** The totals of a sales-reports list item (reference 12.1), each a decimal string. */
export const REPORT_TOTAL_FIELDS = [
  'retailAmountSum',
  'forPaySum',
  'deliveryServiceSum',
  'paidStorageSum',
  'paidAcceptanceSum',
  'deductionSum',
  'penaltySum',
  'additionalPaymentSum',
  'cashbackAmountSum',
  'cashbackDiscountSum',
  'cashbackCommissionChangeSum',
  'bankPaymentSum',
] as const;
export type ReportTotalField = (typeof REPORT_TOTAL_FIELDS)[number];

/** The money fields of a report row that a script may change. */
export const ROW_AMOUNT_FIELDS = [
  'retailAmount',
  'forPay',
  'deliveryService',
  'paidStorage',
  'paidAcceptance',
  'deduction',
  'penalty',
  'additionalPayment',
  'acquiringFee',
  'cashbackAmount',
  'cashbackDiscount',
  'cashbackCommissionChange',
] as const;
export type RowAmountField = (typeof ROW_AMOUNT_FIELDS)[number];

type Shifts<F extends string> = Map<number, Map<F, number>>;

function add<F extends string>(shifts: Shifts<F>, key: number, field: F, kopecks: number): void {
  const fields = shifts.get(key) ?? new Map<F, number>();
  fields.set(field, (fields.get(field) ?? 0) + kopecks);
  shifts.set(key, fields);
}

/**
 * A seller's realisation reports beyond the generated sales and returns: whether they carry cost rows, and what
 * scripts changed — a row's amount (the report's list item follows it) or a list total alone (the list then
 * disagrees with the rows).
 */
export class SellerReports {
  private readonly totalShifts: Shifts<ReportTotalField> = new Map();
  private readonly rowShifts: Shifts<RowAmountField> = new Map();

  constructor(readonly costs: boolean) {}

  /** `kopecks` more in one total of the report (its id before the large-id shift) than its rows add up to. */
  shiftTotal(reportId: number, field: ReportTotalField, kopecks: number): void {
    add(this.totalShifts, reportId, field, kopecks);
  }

  totalShiftsOf(reportId: number): ReadonlyMap<ReportTotalField, number> | undefined {
    return this.totalShifts.get(reportId);
  }

  /** `kopecks` more in one amount of the row with this rrdId, wherever the row is answered. */
  shiftRow(rrdId: number, field: RowAmountField, kopecks: number): void {
    add(this.rowShifts, rrdId, field, kopecks);
  }

  /** The row with the scripted changes of its amounts. */
  amended<R extends Record<string, unknown>>(row: R): R {
    const shifts = this.rowShifts.size > 0 ? this.rowShifts.get(row.rrdId as number) : undefined;
    if (!shifts) return row;
    const changed: Record<string, unknown> = { ...row };
    for (const [field, kopecks] of shifts) changed[field] = amountOfKopecks(kopecksOf(String(row[field] ?? '')) + kopecks);
    return changed as R;
  }
}
