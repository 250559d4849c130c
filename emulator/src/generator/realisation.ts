import { DAY_MS, moscowDate, moscowDayNumber, moscowDayStartOf, moscowIso } from '../moscow-time';
import { brandOf, CatalogShape, nmIdOf, sizesOf, vendorCodeOf } from './catalog';
import { OrderFacts } from './orders';

const COMMISSION_PERCENT = 19.5;

function amount(value: number): string {
  return value.toFixed(2);
}

export type ReportPeriod = 'weekly' | 'daily';

/** A realisation report: its id (before the large-id shift), its kind and the starts of its first and last Moscow days. */
export interface ReportSpan {
  reportId: number;
  period: ReportPeriod;
  fromMs: number;
  toMs: number;
}

const WEEKLY_REPORT_BASE = 300_000_000;
const DAILY_REPORT_BASE = 400_000_000;

/** Reports are weekly (Monday to Sunday, Moscow) unless daily is asked for. */
export function reportOf(atMs: number, period: ReportPeriod): ReportSpan {
  const day = moscowDayNumber(atMs);
  if (period === 'daily') return { reportId: DAILY_REPORT_BASE + day, period, fromMs: moscowDayStartOf(day), toMs: moscowDayStartOf(day) };
  // 1970-01-01 was a Thursday: day 4 is the first Monday.
  const monday = day - ((((day - 4) % 7) + 7) % 7);
  return { reportId: WEEKLY_REPORT_BASE + monday, period, fromMs: moscowDayStartOf(monday), toMs: moscowDayStartOf(monday + 6) };
}

/** Added to report ids of a seller with largeReportIds: above 2^53, within a signed 64-bit integer. */
const LARGE_REPORT_ID_BASE = 2n ** 60n;

/** A reportId as the seller sees it (exact digits) without the large-id shift; null when it names no id of the seller. */
export function internalReportId(digits: string, largeReportIds: boolean): number | null {
  if (!/^\d{1,19}$/.test(digits)) return null;
  const id = BigInt(digits) - (largeReportIds ? LARGE_REPORT_ID_BASE : 0n);
  return id >= 0n && id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null;
}

/** The report a reportId (before the large-id shift) names, or null for an id no report has. */
export function reportOfId(reportId: number): ReportSpan | null {
  if (reportId < WEEKLY_REPORT_BASE || reportId >= DAILY_REPORT_BASE + 1_000_000) return null;
  const daily = reportId >= DAILY_REPORT_BASE;
  const report = reportOf(moscowDayStartOf(reportId - (daily ? DAILY_REPORT_BASE : WEEKLY_REPORT_BASE)), daily ? 'daily' : 'weekly');
  return report.reportId === reportId ? report : null;
}

/**
 * A row as JSON. For a seller with large report ids its reportId is written as bare digits above 2^53, a value no JS
 * number holds, as the marketplace's daily report ids can be (reference 4.1).
 */
export function realisationJson(row: Record<string, unknown>, largeReportIds: boolean): string {
  if (!largeReportIds || typeof row.reportId !== 'number') return JSON.stringify(row);
  const { reportId, ...others } = row;
  const rest = JSON.stringify(others);
  return `{"reportId":${LARGE_REPORT_ID_BASE + BigInt(reportId)}${rest === '{}' ? '' : ','}${rest.slice(1)}`;
}

/** The row id: sales and returns of order n get consecutive ids, so rrdId grows with the order stream. */
export function rrdIdOf(order: OrderFacts, kind: 'S' | 'R'): number {
  return order.n * 2 + (kind === 'R' ? 2 : 1);
}

/** Reference 4.1: one row of the detailed realisation report for a sale (S) or a return (R). */
export function realisationRow(shape: CatalogShape, order: OrderFacts, kind: 'S' | 'R', atMs: number, period: ReportPeriod) {
  const size = sizesOf(shape, order.cardIndex)[order.sizeIndex];
  const report = reportOf(atMs, period);
  const retailWithDisc = Math.round(order.price * (100 - order.discount)) / 100;
  const commission = Math.round(retailWithDisc * COMMISSION_PERCENT) / 100;
  const sale = kind === 'S';
  return {
    reportId: report.reportId,
    dateFrom: moscowDate(report.fromMs),
    dateTo: moscowDate(report.toMs),
    createDate: moscowDate(report.toMs + DAY_MS),
    currency: 'RUB',
    reportType: 1,
    rrdId: rrdIdOf(order, kind),
    giId: 20_000_000 + (order.n % 1000),
    dlvPrc: 1.8,
    fixTariffDateFrom: moscowDate(report.fromMs),
    fixTariffDateTo: moscowDate(report.toMs),
    subjectName: 'Товар',
    nmId: nmIdOf(shape, order.cardIndex),
    brandName: brandOf(shape, order.cardIndex),
    vendorCode: vendorCodeOf(shape, order.cardIndex),
    title: `Товар ${vendorCodeOf(shape, order.cardIndex)}`,
    techSize: size.techSize,
    sku: size.skus[0],
    docTypeName: sale ? 'Продажа' : 'Возврат',
    quantity: 1,
    retailPrice: amount(order.price),
    retailAmount: amount(retailWithDisc),
    salePercent: order.discount,
    commissionPercent: COMMISSION_PERCENT,
    officeName: order.warehouse.name,
    sellerOperName: sale ? 'Продажа' : 'Возврат',
    orderDt: moscowIso(order.dateMs),
    saleDt: moscowIso(atMs),
    rrDate: moscowDate(atMs),
    shkId: 40_000_000_000 + order.n,
    retailPriceWithDisc: amount(retailWithDisc),
    deliveryAmount: sale ? 1 : 0,
    returnAmount: sale ? 0 : 1,
    deliveryService: '',
    giBoxTypeName: 'Монопаллета',
    productDiscountForReport: order.discount,
    sellerPromo: '0.00',
    spp: order.spp,
    kvwBase: COMMISSION_PERCENT,
    kvw: COMMISSION_PERCENT,
    supRatingUp: 0,
    isKgvpV2: 0,
    ppvzSalesCommission: amount(commission),
    forPay: amount(retailWithDisc - commission),
    ppvzReward: '0.00',
    acquiringFee: amount(retailWithDisc * 0.015),
    acquiringPercent: 1.5,
    paymentProcessing: 'Комиссия за организацию платежа',
    acquiringBank: 'Банк',
    vw: amount(commission),
    vwNds: amount(commission * 0.2),
    ppvzOfficeName: order.warehouse.name,
    ppvzOfficeId: 100 + (order.n % 50),
    ppvzSupplierName: 'ООО Продавец',
    ppvzSupplierInn: '7700000000',
    declarationNumber: '',
    stickerId: String(30_000_000_000 + order.n),
    country: order.region.country,
    srvDbs: false,
    penalty: '0.00',
    additionalPayment: '0.00',
    rebillLogisticCost: '0.00',
    paidStorage: '0.00',
    deduction: '0.00',
    paidAcceptance: '0.00',
    orderId: 5_000_000_000 + order.n,
    isB2b: false,
    trbxId: '',
    installmentCofinancingAmount: '0.00',
    wibesDiscountPercent: 0,
    cashbackAmount: '0.00',
    cashbackDiscount: '0.00',
    cashbackCommissionChange: '0.00',
    paymentSchedule: 'weekly',
    deliveryMethod: 'FBW',
    sellerPromoId: 0,
    sellerPromoDiscount: 0,
    loyaltyId: 0,
    loyaltyDiscount: 0,
    uuidPromocode: '',
    salePricePromocodeDiscountPrc: 0,
    articleSubstitution: '',
    salePriceAffiliatedDiscountPrc: 0,
    salePriceWholesaleDiscountPrc: 0,
    b2bCustomerTin: '',
    orderUid: order.gNumber,
    srid: order.srid,
  };
}
