import { marketplaceInstant } from '../../../common/time/moscow-time';
import type { SaleKind } from '../../../database/schema';
import type { SupplierOrder, SupplierSale } from '../../../marketplace/endpoints/statistics';

/** Reference 3.1: the cancelDate of an order that was not cancelled. */
const NOT_CANCELLED = '0001-01-01T00:00:00';

/**
 * Roubles with kopecks as the marketplace wrote them. The statistics feeds give amounts as JSON numbers of at most two
 * decimals; the double nearest such a decimal is within far less than half a kopeck of it, so toFixed(2) gives back
 * exactly the decimal that was written (no float artefact such as 0.30000000000000004 can survive the rounding).
 */
export function kopecks(amount: number): string {
  return amount.toFixed(2);
}

/**
 * Reference 3.2: the saleID prefix S is a sale, R a return. Older prefixes (D, A, B ...) are undocumented: the row is
 * kept, as a return when the marketplace pays the seller back less than nothing for it (forPay below 0), else as a sale.
 */
export function saleKind(saleId: string, forPay: number): SaleKind {
  if (saleId.startsWith('S')) return 'sale';
  if (saleId.startsWith('R')) return 'return';
  return forPay < 0 ? 'return' : 'sale';
}

/** The fields orders and sales share, as an import writes them: instants in ISO, money as decimal text. */
export interface FeedRow {
  date: string;
  lastChangeDate: string;
  warehouseName: string;
  warehouseType: string;
  countryName: string;
  oblastOkrugName: string;
  regionName: string;
  supplierArticle: string;
  nmId: number;
  barcode: string;
  category: string;
  subject: string;
  brand: string;
  techSize: string;
  incomeId: number;
  isSupply: boolean;
  isRealization: boolean;
  totalPrice: string;
  discountPercent: number;
  spp: string;
  finishedPrice: string;
  priceWithDisc: string;
  sticker: string;
  gNumber: string;
  srid: string;
}

export interface OrderRow extends FeedRow {
  isCancel: boolean;
  cancelDate: string | null;
}

export interface SaleRow extends FeedRow {
  saleId: string;
  kind: SaleKind;
  paymentSaleAmount: number;
  forPay: string;
}

function feedRow(row: SupplierOrder | SupplierSale): FeedRow {
  return {
    date: marketplaceInstant(row.date),
    lastChangeDate: marketplaceInstant(row.lastChangeDate),
    warehouseName: row.warehouseName,
    warehouseType: row.warehouseType,
    countryName: row.countryName,
    oblastOkrugName: row.oblastOkrugName,
    regionName: row.regionName,
    supplierArticle: row.supplierArticle,
    nmId: row.nmId,
    barcode: row.barcode,
    category: row.category,
    subject: row.subject,
    brand: row.brand,
    techSize: row.techSize,
    incomeId: row.incomeID,
    isSupply: row.isSupply,
    isRealization: row.isRealization,
    totalPrice: kopecks(row.totalPrice),
    discountPercent: row.discountPercent,
    spp: kopecks(row.spp),
    finishedPrice: kopecks(row.finishedPrice),
    priceWithDisc: kopecks(row.priceWithDisc),
    sticker: row.sticker,
    gNumber: row.gNumber,
    srid: row.srid,
  };
}

export function orderRow(row: SupplierOrder): OrderRow {
  return {
    ...feedRow(row),
    isCancel: row.isCancel,
    cancelDate: row.cancelDate.startsWith(NOT_CANCELLED) ? null : marketplaceInstant(row.cancelDate),
  };
}

export function saleRow(row: SupplierSale): SaleRow {
  return {
    ...feedRow(row),
    saleId: row.saleID,
    kind: saleKind(row.saleID, row.forPay),
    paymentSaleAmount: row.paymentSaleAmount,
    forPay: kopecks(row.forPay),
  };
}
