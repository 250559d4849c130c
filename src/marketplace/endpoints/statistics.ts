import { Endpoint, inQuery } from './endpoint';
import { arrayOf, bool, int, num, object, ShapeOf, str } from './shape';

/**
 * Reference 3: dateFrom is a date or an RFC 3339 time, Moscow time without a zone. flag 0: rows changed since
 * dateFrom (next page from the last row's lastChangeDate, until []); flag 1: rows of that day.
 */
export interface SupplierFeedQuery {
  dateFrom: string;
  flag?: 0 | 1;
}

/** Reference 3.1 and 3.2: the fields orders and sales share. */
const feedRowFields = {
  date: str,
  lastChangeDate: str,
  warehouseName: str,
  warehouseType: str,
  countryName: str,
  oblastOkrugName: str,
  regionName: str,
  supplierArticle: str,
  nmId: int,
  barcode: str,
  category: str,
  subject: str,
  brand: str,
  techSize: str,
  incomeID: int,
  isSupply: bool,
  isRealization: bool,
  totalPrice: num,
  discountPercent: int,
  spp: num,
  finishedPrice: num,
  priceWithDisc: num,
  sticker: str,
  gNumber: str,
  srid: str,
};

/** Reference 3.1: one order (one unit); cancelDate is "0001-01-01T00:00:00" when not cancelled. */
export const SupplierOrder = object({ ...feedRowFields, isCancel: bool, cancelDate: str });
export type SupplierOrder = ShapeOf<typeof SupplierOrder>;

/** Reference 3.2: one sale (saleID prefix S) or return (R). */
export const SupplierSale = object({ ...feedRowFields, paymentSaleAmount: int, forPay: num, saleID: str });
export type SupplierSale = ShapeOf<typeof SupplierSale>;

export const supplierOrders: Endpoint<SupplierFeedQuery, SupplierOrder[]> = {
  scope: 'statistics',
  label: 'Статистика: заказы',
  method: 'GET',
  path: '/api/v1/supplier/orders',
  request: inQuery,
  response: arrayOf(SupplierOrder),
};

export const supplierSales: Endpoint<SupplierFeedQuery, SupplierSale[]> = {
  scope: 'statistics',
  label: 'Статистика: продажи',
  method: 'GET',
  path: '/api/v1/supplier/sales',
  request: inQuery,
  response: arrayOf(SupplierSale),
};
