import { Endpoint, inBody } from './endpoint';
import { arrayOf, bigIntText, bool, int, nullable, num, object, oneOf, optional, ShapeOf, str } from './shape';

/**
 * Reference 4.1: dates in Moscow time; start with rrdId 0, then the last row's rrdId, until 204. The `fields` subset
 * is not offered: the rows are checked whole.
 */
export interface SalesReportQuery {
  dateFrom: string;
  dateTo: string;
  limit?: number;
  /** The last row's rrdId, exact digits (sent as a bare integer). */
  rrdId?: string;
  period?: 'weekly' | 'daily';
}

/**
 * Reference 4.1: one row of the detailed realisation report. Money amounts are decimal strings. reportId and rrdId can
 * exceed 2^53 (the reference's warning about daily report ids): exact digits. The other ids (giId, shkId, orderId) are
 * supply, sticker and assembly numbers, far below it.
 */
export const SalesReportRow = object({
  reportId: bigIntText,
  dateFrom: str,
  dateTo: str,
  createDate: str,
  currency: str,
  reportType: oneOf(1, 2, 3),
  rrdId: bigIntText,
  giId: int,
  dlvPrc: num,
  fixTariffDateFrom: str,
  fixTariffDateTo: str,
  subjectName: str,
  nmId: int,
  brandName: str,
  vendorCode: str,
  title: str,
  techSize: str,
  sku: str,
  docTypeName: str,
  quantity: int,
  retailPrice: str,
  retailAmount: str,
  salePercent: int,
  commissionPercent: num,
  officeName: str,
  sellerOperName: str,
  orderDt: str,
  saleDt: str,
  rrDate: str,
  shkId: int,
  retailPriceWithDisc: str,
  deliveryAmount: int,
  returnAmount: int,
  deliveryService: str,
  giBoxTypeName: str,
  productDiscountForReport: num,
  sellerPromo: str,
  spp: num,
  kvwBase: num,
  kvw: num,
  supRatingUp: num,
  isKgvpV2: num,
  ppvzSalesCommission: str,
  forPay: str,
  ppvzReward: str,
  acquiringFee: str,
  acquiringPercent: num,
  paymentProcessing: str,
  acquiringBank: str,
  vw: str,
  vwNds: str,
  ppvzOfficeName: str,
  ppvzOfficeId: int,
  ppvzSupplierName: str,
  ppvzSupplierInn: str,
  declarationNumber: str,
  bonusTypeName: optional(str),
  stickerId: str,
  country: str,
  srvDbs: bool,
  penalty: str,
  additionalPayment: str,
  rebillLogisticCost: str,
  rebillLogisticOrg: optional(str),
  paidStorage: str,
  deduction: str,
  paidAcceptance: str,
  orderId: int,
  kiz: optional(str),
  isB2b: bool,
  trbxId: str,
  installmentCofinancingAmount: str,
  wibesDiscountPercent: num,
  cashbackAmount: str,
  cashbackDiscount: str,
  cashbackCommissionChange: str,
  paymentSchedule: str,
  deliveryMethod: str,
  sellerPromoId: int,
  sellerPromoDiscount: num,
  loyaltyId: int,
  loyaltyDiscount: num,
  uuidPromocode: str,
  salePricePromocodeDiscountPrc: num,
  articleSubstitution: str,
  salePriceAffiliatedDiscountPrc: num,
  agencyVat: optional(num),
  salePriceWholesaleDiscountPrc: num,
  b2bCustomerTin: str,
  orderUid: str,
  srid: str,
});
export type SalesReportRow = ShapeOf<typeof SalesReportRow>;

/** Reference 4.1: a page of rows; 204 (no body) after the last. */
export const SalesReport = nullable(arrayOf(SalesReportRow));
export type SalesReport = ShapeOf<typeof SalesReport>;

export const salesReportDetailed: Endpoint<SalesReportQuery, SalesReport> = {
  scope: 'finance',
  label: 'Финансы: детальный отчёт о продажах',
  method: 'POST',
  path: '/api/finance/v1/sales-reports/detailed',
  request: inBody,
  response: SalesReport,
};
