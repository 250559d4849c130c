import { DAY_MS, moscowDate } from '../moscow-time';
import type { ReportTotalField, SellerReports } from '../seller-reports';
import { CatalogShape } from './catalog';
import { amountOfKopecks, kopecksOf } from './kopecks';
import { OrderStream } from './orders';
import { reportOf, reportOfId, ReportPeriod, ReportSpan } from './realisation';
import { realisationRows } from './report-rows';

/** The row field each plain total adds up (reference 12.1 names them after the rows' fields). */
const SUMMED: [ReportTotalField, string][] = [
  ['deliveryServiceSum', 'deliveryService'],
  ['paidStorageSum', 'paidStorage'],
  ['paidAcceptanceSum', 'paidAcceptance'],
  ['deductionSum', 'deduction'],
  ['penaltySum', 'penalty'],
  ['additionalPaymentSum', 'additionalPayment'],
  ['cashbackAmountSum', 'cashbackAmount'],
  ['cashbackDiscountSum', 'cashbackDiscount'],
  ['cashbackCommissionChangeSum', 'cashbackCommissionChange'],
];

/**
 * The totals of one report, added up from its rows in whole kopecks:
 * - retailAmountSum = Σ retailAmount of sales − Σ retailAmount of returns;
 * - forPaySum = Σ forPay, a return's counted negative (cost rows carry their own sign: a compensation is positive);
 * - deliveryServiceSum, paidStorageSum, paidAcceptanceSum, deductionSum, penaltySum, additionalPaymentSum and the three
 *   cashback sums = Σ of that field over all rows;
 * - bankPaymentSum = forPaySum − deliveryServiceSum − paidStorageSum − paidAcceptanceSum − deductionSum − penaltySum
 *   + additionalPaymentSum;
 * - avgSalePercent = the mean salePercent of the sales.
 */
export class ReportTotals {
  private readonly kopecks = new Map<ReportTotalField, number>();
  private sales = 0;
  private salePercents = 0;

  constructor(readonly report: ReportSpan) {}

  add(row: Record<string, unknown>): void {
    const sign = row.docTypeName === 'Возврат' ? -1 : 1;
    if (row.docTypeName === 'Продажа' || row.docTypeName === 'Возврат')
      this.plus('retailAmountSum', sign * kopecksOf(row.retailAmount as string));
    this.plus('forPaySum', sign * kopecksOf(row.forPay as string));
    for (const [total, field] of SUMMED) this.plus(total, kopecksOf(row[field] as string));
    if (row.docTypeName === 'Продажа') {
      this.sales += 1;
      this.salePercents += row.salePercent as number;
    }
  }

  /** The total in kopecks, bankPaymentSum by the formula above. */
  of(field: ReportTotalField): number {
    if (field !== 'bankPaymentSum') return this.kopecks.get(field) ?? 0;
    const debits = ['deliveryServiceSum', 'paidStorageSum', 'paidAcceptanceSum', 'deductionSum', 'penaltySum'] as const;
    return this.of('forPaySum') - debits.reduce((sum, debit) => sum + this.of(debit), 0) + this.of('additionalPaymentSum');
  }

  get averageSalePercent(): number {
    return this.sales === 0 ? 0 : Math.round((this.salePercents / this.sales) * 100) / 100;
  }

  private plus(field: ReportTotalField, kopecks: number): void {
    this.kopecks.set(field, (this.kopecks.get(field) ?? 0) + kopecks);
  }
}

/** Reference 12.1: the list has data from 2025-01-01. */
export const LIST_DATA_START_MS = Date.parse('2025-01-01T00:00:00+03:00');

/** A report is formed the day after its last day; until then it is not listed. */
export function isFormed(report: ReportSpan, nowMs: number): boolean {
  return report.toMs + DAY_MS <= nowMs;
}

export interface ReportsWalk {
  catalog: CatalogShape;
  orders: OrderStream;
  reports: SellerReports;
  period: ReportPeriod;
  /** The reports that overlap these moments and are formed by nowMs. */
  fromMs: number;
  toMs: number;
  nowMs: number;
}

/** The formed reports of the kind that overlap the moments and have rows, with their totals, oldest first; one walk of the rows. */
export function reportTotals({ catalog, orders, reports, period, fromMs, toMs, nowMs }: ReportsWalk): ReportTotals[] {
  const startMs = Math.max(fromMs, LIST_DATA_START_MS);
  if (startMs > toMs) return [];
  const first = reportOf(startMs, period);
  const last = reportOf(Math.min(toMs, nowMs), period);
  const byId = new Map<number, ReportTotals>();
  const rows = realisationRows({ catalog, orders, reports, startMs: first.fromMs, endMs: last.toMs + DAY_MS - 1, nowMs, rrdId: 0, period });
  for (const row of rows) {
    const reportId = row.reportId as number;
    let totals = byId.get(reportId);
    if (!totals) {
      const report = reportOfId(reportId)!;
      if (!isFormed(report, nowMs)) continue;
      totals = new ReportTotals(report);
      byId.set(reportId, totals);
    }
    totals.add(row);
  }
  return [...byId.values()].sort((a, b) => a.report.reportId - b.report.reportId);
}

/** Reference 12.1: a list item; the totals as decimal strings with 2 decimals, scripted shifts of a total added. */
export function listItem(totals: ReportTotals, sellerFinanceName: string, shifts: ReadonlyMap<ReportTotalField, number> | undefined) {
  const { report } = totals;
  const sum = (field: ReportTotalField) => amountOfKopecks(totals.of(field) + (shifts?.get(field) ?? 0));
  return {
    reportId: report.reportId,
    sellerFinanceName,
    dateFrom: moscowDate(report.fromMs),
    dateTo: moscowDate(report.toMs),
    createDate: moscowDate(report.toMs + DAY_MS),
    currency: 'RUB',
    reportType: 1,
    retailAmountSum: sum('retailAmountSum'),
    forPaySum: sum('forPaySum'),
    avgSalePercent: totals.averageSalePercent,
    deliveryServiceSum: sum('deliveryServiceSum'),
    paidStorageSum: sum('paidStorageSum'),
    paidAcceptanceSum: sum('paidAcceptanceSum'),
    deductionSum: sum('deductionSum'),
    penaltySum: sum('penaltySum'),
    additionalPaymentSum: sum('additionalPaymentSum'),
    cashbackAmountSum: sum('cashbackAmountSum'),
    cashbackDiscountSum: sum('cashbackDiscountSum'),
    cashbackCommissionChangeSum: sum('cashbackCommissionChangeSum'),
    paymentSchedule: '0',
    bankPaymentSum: sum('bankPaymentSum'),
  };
}
