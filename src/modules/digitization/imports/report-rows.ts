import { marketplaceInstant } from '../../../common/time/moscow-time';
import { jsonArrayOf } from '../../../marketplace/client/json-array-batches';
import type { StreamedBatch } from '../../../marketplace/client/marketplace-client';
import type { SalesReportRow } from '../../../marketplace/endpoints/finance';
import type { JsonBatch } from './imports.repository';
import { lastOfEachKey } from './last-of-each-key';

/** Reference 4.1: a time the marketplace leaves empty is written as the zero date. */
const ZERO_DATE = '0001-01-01';

/** A realisation report row as an import writes it: ids as decimal text (they can exceed 2^53), the whole row kept. */
export interface ReportRow {
  rrdId: string;
  reportId: string;
  dateFrom: string;
  dateTo: string;
  createDate: string;
  reportType: number;
  nmId: number;
  docTypeName: string;
  sellerOperName: string;
  quantity: number;
  orderDt: string | null;
  saleDt: string | null;
  rrDate: string;
  retailAmount: string;
  ppvzSalesCommission: string;
  forPay: string;
  deliveryService: string;
  paidStorage: string;
  penalty: string;
  deduction: string;
  srid: string;
  row: Record<string, unknown>;
}

function instantOrNull(text: string): string | null {
  return text === '' || text.startsWith(ZERO_DATE) ? null : marketplaceInstant(text);
}

/** Reference 4.1: amounts are decimal strings; one the marketplace leaves empty (no such charge) is zero. */
function amount(text: string): string {
  return text === '' ? '0' : text;
}

/** The report's ids as the client read them: exact decimal text (they can exceed 2^53), never through a JS number. */
export function reportIds(row: SalesReportRow): { rrdId: string; reportId: string } {
  return { rrdId: row.rrdId, reportId: row.reportId };
}

export function reportRow(row: SalesReportRow): ReportRow {
  const ids = reportIds(row);
  return {
    ...ids,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    createDate: row.createDate,
    reportType: row.reportType,
    nmId: row.nmId,
    docTypeName: row.docTypeName,
    sellerOperName: row.sellerOperName,
    quantity: row.quantity,
    orderDt: instantOrNull(row.orderDt),
    saleDt: instantOrNull(row.saleDt),
    rrDate: row.rrDate,
    retailAmount: amount(row.retailAmount),
    ppvzSalesCommission: amount(row.ppvzSalesCommission),
    forPay: amount(row.forPay),
    deliveryService: amount(row.deliveryService),
    paidStorage: amount(row.paidStorage),
    penalty: amount(row.penalty),
    deduction: amount(row.deduction),
    srid: row.srid,
    // The row as the client read it: its ids are the same exact text.
    row,
  };
}

/** Rows parsed and mapped at a time: their objects die young, before the next batch's (a batch is about 900 rows). */
const ROWS_AT_A_TIME = 100;

/**
 * A streamed batch as the import writes it (one JSON array of mapped rows, each rrdId once) and its last row's rrdId.
 * The rows are parsed, checked and mapped a few at a time and only their text is kept, so that the worker's heap holds
 * the bytes of a batch or two, not the objects of a whole page.
 */
export function reportBatch(batch: StreamedBatch<SalesReportRow>): JsonBatch & { last: string } {
  const keys: string[] = [];
  const texts: Buffer[] = [];
  for (let from = 0; from < batch.count; from += ROWS_AT_A_TIME) {
    const indexes = Array.from({ length: Math.min(ROWS_AT_A_TIME, batch.count - from) }, (_, index) => from + index);
    for (const row of batch.pick(indexes).items.map(reportRow)) {
      keys.push(row.rrdId);
      texts.push(Buffer.from(JSON.stringify(row)));
    }
  }
  const kept = lastOfEachKey(keys) ?? keys.map((_, index) => index);
  return { json: jsonArrayOf(kept.map((index) => texts[index])), size: kept.length, last: keys[keys.length - 1] };
}
