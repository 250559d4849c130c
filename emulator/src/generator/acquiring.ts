import { DAY_MS, moscowDate } from '../moscow-time';
import type { SellerReports } from '../seller-reports';
import { CatalogShape } from './catalog';
import { amountOfKopecks, kopecksOf } from './kopecks';
import { OrderStream } from './orders';
import { reportOf, reportOfId, ReportSpan } from './realisation';
import { realisationRows } from './report-rows';
import { isFormed, LIST_DATA_START_MS } from './sales-reports';

/**
 * Reference 12.3: the acquiring (payment-processing) reports. Each weekly realisation report has one, whose id is the
 * weekly report's plus ACQUIRING_ID_SHIFT; its rows are the report's sales, one each, with the same rrdId and the
 * sale's acquiringFee, so acquiringFeeSum is Σ acquiringFee of the week's sales. The VAT is the 20 % inside the fee,
 * rounded to the kopeck per row, and acquiringFeeVatSum is Σ of the rows' VAT.
 */
const ACQUIRING_ID_SHIFT = 200_000_000;

export function acquiringIdOf(weekly: ReportSpan): number {
  return weekly.reportId + ACQUIRING_ID_SHIFT;
}

/** The weekly report an acquiring report id (before the large-id shift) belongs to, or null. */
export function weeklyOfAcquiringId(acquiringId: number): ReportSpan | null {
  const weekly = reportOfId(acquiringId - ACQUIRING_ID_SHIFT);
  return weekly?.period === 'weekly' ? weekly : null;
}

function vatOf(feeKopecks: number): number {
  return Math.round((feeKopecks * 20) / 120);
}

export interface AcquiringWalk {
  catalog: CatalogShape;
  orders: OrderStream;
  reports: SellerReports;
  weekly: ReportSpan;
  nowMs: number;
  /** Rows after this rrdId. */
  rrdId: number;
}

/** The acquiring rows of the weekly report's sales, in rrdId order. */
export function* acquiringRows({ catalog, orders, reports, weekly, nowMs, rrdId }: AcquiringWalk): Generator<Record<string, unknown>> {
  const endMs = weekly.toMs + DAY_MS - 1;
  for (const row of realisationRows({ catalog, orders, reports, startMs: weekly.fromMs, endMs, nowMs, rrdId, period: 'weekly' })) {
    if (row.docTypeName !== 'Продажа') continue;
    const fee = kopecksOf(row.acquiringFee as string);
    yield {
      reportId: acquiringIdOf(weekly),
      rrdId: row.rrdId,
      acqDate: row.rrDate,
      saleDate: (row.saleDt as string).slice(0, 10),
      acquiringBank: row.acquiringBank,
      tin: row.ppvzSupplierInn,
      taxRegistrationReasonCode: '770001001',
      srid: row.srid,
      docTypeName: row.docTypeName,
      nmId: row.nmId,
      retailAmount: row.retailAmount,
      acquiringFee: amountOfKopecks(fee),
      acquiringFeeVat: amountOfKopecks(vatOf(fee)),
      invoiceNumber: `ЭК-${acquiringIdOf(weekly)}`,
      invoiceDate: moscowDate(weekly.toMs + DAY_MS),
      shkId: row.shkId,
      currency: 'RUB',
    };
  }
}

/** Reference 12.3: the formed weekly acquiring reports overlapping the moments and having rows, oldest first. */
export function acquiringReports(
  walk: Omit<AcquiringWalk, 'weekly' | 'rrdId'> & { fromMs: number; toMs: number },
  sellerFinanceName: string,
) {
  const items = [];
  const startMs = Math.max(walk.fromMs, LIST_DATA_START_MS);
  const lastMs = Math.min(walk.toMs, walk.nowMs);
  for (let weekly = reportOf(startMs, 'weekly'); weekly.fromMs <= lastMs; weekly = reportOf(weekly.toMs + DAY_MS, 'weekly')) {
    if (!isFormed(weekly, walk.nowMs)) continue;
    let fee = 0;
    let vat = 0;
    for (const row of acquiringRows({ ...walk, weekly, rrdId: 0 })) {
      fee += kopecksOf(row.acquiringFee as string);
      vat += kopecksOf(row.acquiringFeeVat as string);
    }
    if (fee === 0 && vat === 0) continue;
    items.push({
      reportId: acquiringIdOf(weekly),
      sellerFinanceName,
      dateFrom: moscowDate(weekly.fromMs),
      dateTo: moscowDate(weekly.toMs),
      createDate: moscowDate(weekly.toMs + DAY_MS),
      currency: 'RUB',
      acquiringFeeSum: amountOfKopecks(fee),
      acquiringFeeVatSum: amountOfKopecks(vat),
    });
  }
  return items;
}
