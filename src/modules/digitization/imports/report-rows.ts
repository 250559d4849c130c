import { marketplaceInstant } from '../../../common/time/moscow-time';
import type { SalesReportRow } from '../../../marketplace/endpoints/finance';

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
    row: { ...row, ...ids },
  };
}
