import { Endpoint, fillPath, inBody, noParams, TokenType } from './endpoint';
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

/** Reference 12.1: reports of the period, offset paging (limit at most 1000); dates in Moscow time. */
export interface SalesReportsListQuery {
  dateFrom: string;
  dateTo: string;
  limit?: number;
  offset?: number;
  period?: 'weekly' | 'daily';
}

/**
 * Reference 12.1: one realisation report with its totals. Every `…Sum` and paymentSchedule is a decimal string;
 * reportId can exceed 2^53 (daily reports): exact digits.
 */
export const SalesReportListItem = object({
  reportId: bigIntText,
  sellerFinanceName: str,
  dateFrom: str,
  dateTo: str,
  createDate: str,
  currency: str,
  reportType: oneOf(1, 2, 3),
  retailAmountSum: str,
  forPaySum: str,
  avgSalePercent: num,
  deliveryServiceSum: str,
  paidStorageSum: str,
  paidAcceptanceSum: str,
  deductionSum: str,
  penaltySum: str,
  additionalPaymentSum: str,
  cashbackAmountSum: str,
  cashbackDiscountSum: str,
  cashbackCommissionChangeSum: str,
  paymentSchedule: str,
  bankPaymentSum: str,
});
export type SalesReportListItem = ShapeOf<typeof SalesReportListItem>;

export const SalesReportsList = nullable(arrayOf(SalesReportListItem));
export type SalesReportsList = ShapeOf<typeof SalesReportsList>;

/** Reference 12.1, 12.3: `x-token-types` personal and service (a Base token gets 403). */
const PERSONAL_AND_SERVICE: readonly TokenType[] = ['personal', 'service'];

/** Reference 12.1: Personal and Service tokens only (a Base token gets 403); 204 when there is no report. */
export const salesReportsList: Endpoint<SalesReportsListQuery, SalesReportsList> = {
  scope: 'finance',
  label: 'Финансы: список отчётов о продажах',
  method: 'POST',
  path: '/api/finance/v1/sales-reports/list',
  request: inBody,
  response: SalesReportsList,
  tokenTypes: PERSONAL_AND_SERVICE,
};

/** Reference 12.1: the rows of one report, rrdId paging as 4.1; no dates, no period. */
export interface ReportDetailsQuery {
  /** Exact digits: a daily report's id can exceed 2^53. */
  reportId: string;
  limit?: number;
  /** The last row's rrdId, exact digits (sent as a bare integer). */
  rrdId?: string;
}

/** The report's id goes into the path as its digits, the paging into the body. */
function reportDetailsRequest(template: string) {
  return ({ reportId, ...body }: ReportDetailsQuery) => ({ path: fillPath(template, { reportId }), body });
}

const SALES_REPORT_DETAILS_PATH = '/api/finance/v1/sales-reports/detailed/{reportId}';

/** Reference 12.1: the same rows as salesReportDetailed, of one report; Personal and Service tokens only. */
export const salesReportDetailsById: Endpoint<ReportDetailsQuery, SalesReport> = {
  scope: 'finance',
  label: 'Финансы: детальный отчёт о продажах по номеру',
  method: 'POST',
  path: SALES_REPORT_DETAILS_PATH,
  request: reportDetailsRequest(SALES_REPORT_DETAILS_PATH),
  response: SalesReport,
  tokenTypes: PERSONAL_AND_SERVICE,
};

/** Reference 12.3: acquiring reports of the period, offset paging (limit at most 1000); no period kind. */
export interface AcquiringListQuery {
  dateFrom: string;
  dateTo: string;
  limit?: number;
  offset?: number;
}

export const AcquiringListItem = object({
  reportId: bigIntText,
  sellerFinanceName: str,
  dateFrom: str,
  dateTo: str,
  createDate: str,
  currency: str,
  acquiringFeeSum: str,
  acquiringFeeVatSum: str,
});
export type AcquiringListItem = ShapeOf<typeof AcquiringListItem>;

export const AcquiringList = nullable(arrayOf(AcquiringListItem));
export type AcquiringList = ShapeOf<typeof AcquiringList>;

/** Reference 12.3: payment-processing cost reports; Personal and Service tokens only; 204 when there is none. */
export const acquiringList: Endpoint<AcquiringListQuery, AcquiringList> = {
  scope: 'finance',
  label: 'Финансы: список отчётов об эквайринге',
  method: 'POST',
  path: '/api/finance/v1/acquiring/list',
  request: inBody,
  response: AcquiringList,
  tokenTypes: PERSONAL_AND_SERVICE,
};

/** Reference 12.3: one payment's processing cost; money as decimal strings, reportId and rrdId exact digits. */
export const AcquiringRow = object({
  rrdId: bigIntText,
  reportId: bigIntText,
  acqDate: str,
  saleDate: str,
  acquiringBank: str,
  tin: str,
  taxRegistrationReasonCode: str,
  srid: str,
  docTypeName: str,
  nmId: int,
  retailAmount: str,
  acquiringFee: str,
  acquiringFeeVat: str,
  invoiceNumber: str,
  invoiceDate: str,
  shkId: int,
  currency: str,
});
export type AcquiringRow = ShapeOf<typeof AcquiringRow>;

export const AcquiringReport = nullable(arrayOf(AcquiringRow));
export type AcquiringReport = ShapeOf<typeof AcquiringReport>;

const ACQUIRING_DETAILS_PATH = '/api/finance/v1/acquiring/detailed/{reportId}';

/** Reference 12.3: the rows of one acquiring report; start at rrdId 0, continue from the last row's, until 204. */
export const acquiringDetailsById: Endpoint<ReportDetailsQuery, AcquiringReport> = {
  scope: 'finance',
  label: 'Финансы: детальный отчёт об эквайринге по номеру',
  method: 'POST',
  path: ACQUIRING_DETAILS_PATH,
  request: reportDetailsRequest(ACQUIRING_DETAILS_PATH),
  response: AcquiringReport,
  tokenTypes: PERSONAL_AND_SERVICE,
};

/**
 * Reference 12.2: the balance of the portal's home page. The amounts are JSON numbers with at most 2 decimals: the
 * shape helpers read them as numbers (no exact reader for fractions), so whoever stores them writes them as decimal
 * text with 2 decimals (toFixed(2)) and never adds them in JS.
 */
export const AccountBalance = object({ currency: str, current: num, for_withdraw: num });
export type AccountBalance = ShapeOf<typeof AccountBalance>;

/** Reference 12.2: all four token types; a Base token 1 a day. */
export const accountBalance: Endpoint<void, AccountBalance> = {
  scope: 'finance',
  label: 'Финансы: баланс продавца',
  method: 'GET',
  path: '/api/v1/account/balance',
  request: noParams,
  response: AccountBalance,
};
