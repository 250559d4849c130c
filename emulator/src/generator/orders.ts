import { DAY_MS, moscowDayNumber, moscowDayStartOf, moscowLocal } from '../moscow-time';
import { brandOf, CatalogShape, nmIdOf, sizesOf, vendorCodeOf } from './catalog';
import { generatedPrice, pricedCount } from './prices';
import { intBetween, itemRandom, pick } from './random';

/** How a seller's order stream is shaped: ordersPerDay orders on each of `days` Moscow days, up to today or earlier. */
export interface OrderStream {
  seed: number;
  ordersPerDay: number;
  days: number;
  /** Start of the first day, UTC ms (a Moscow midnight). */
  firstDayMs: number;
}

/** A change (cancel, sale, return) comes at most this long after the order. */
export const MAX_CHANGE_DELAY_MS = 12 * DAY_MS;
/** A cancellation, the only change of an order row, comes at most this long after the order. */
export const MAX_CANCEL_DELAY_MS = 2 * DAY_MS;

const WAREHOUSES = [
  { name: 'Коледино', type: 'Склад WB' },
  { name: 'Электросталь', type: 'Склад WB' },
  { name: 'Казань', type: 'Склад WB' },
  { name: 'Склад продавца', type: 'Склад продавца' },
];
const REGIONS = [
  { country: 'Россия', okrug: 'Центральный федеральный округ', region: 'Москва' },
  { country: 'Россия', okrug: 'Северо-Западный федеральный округ', region: 'Санкт-Петербург' },
  { country: 'Россия', okrug: 'Приволжский федеральный округ', region: 'Республика Татарстан' },
  { country: 'Беларусь', okrug: '', region: 'Минск' },
];

/** The stream's days end today, or `endDaysAgo` days before today (a seller whose orders stopped: its feeds no longer change). */
export function orderStream(seed: number, ordersPerDay: number, days: number, endDaysAgo = 0, nowMs = Date.now()): OrderStream {
  const todayMoscow = moscowDayStartOf(moscowDayNumber(nowMs));
  return { seed, ordersPerDay, days, firstDayMs: todayMoscow - (days - 1 + endDaysAgo) * DAY_MS };
}

export interface OrderFacts {
  n: number;
  dateMs: number;
  cancelMs: number | null;
  saleMs: number | null;
  returnMs: number | null;
  cardIndex: number;
  sizeIndex: number;
  warehouse: (typeof WAREHOUSES)[number];
  region: (typeof REGIONS)[number];
  price: number;
  discount: number;
  spp: number;
  gNumber: string;
  srid: string;
}

export function orderCount(stream: OrderStream): number {
  return stream.ordersPerDay * stream.days;
}

/** Order n of the stream: orders of a day are spread over it in order, so order time grows with n. */
export function orderAt(stream: OrderStream, shape: CatalogShape, n: number): OrderFacts {
  const random = itemRandom(stream.seed, n, 7);
  const day = Math.floor(n / stream.ordersPerDay);
  const slot = n % stream.ordersPerDay;
  const dateMs = stream.firstDayMs + day * DAY_MS + Math.floor(((slot + random()) * DAY_MS) / stream.ordersPerDay);
  const cardIndex = intBetween(random, 0, Math.max(0, pricedCount(shape) - 1));
  const sizes = sizesOf(shape, cardIndex);
  const sizeIndex = intBetween(random, 0, sizes.length - 1);
  const cancelled = random() < 0.06;
  const saleMs = cancelled ? null : dateMs + intBetween(random, 1, 6) * DAY_MS + intBetween(random, 0, 3_600_000);
  const returned = saleMs !== null && random() < 0.05;
  const price = generatedPrice(shape, cardIndex);
  return {
    n,
    dateMs,
    cancelMs: cancelled ? dateMs + intBetween(random, 600_000, MAX_CANCEL_DELAY_MS) : null,
    saleMs,
    returnMs: returned ? saleMs! + intBetween(random, 1, 5) * DAY_MS : null,
    cardIndex,
    sizeIndex,
    warehouse: pick(random, WAREHOUSES),
    region: pick(random, REGIONS),
    price: price.sizePrices[sizeIndex] ?? price.sizePrices[0],
    discount: price.discount,
    spp: intBetween(random, 0, 25),
    gNumber: String(9_000_000_000_000 + Math.floor(random() * 1e12)),
    srid: `${(stream.seed % 100000).toString(16)}.${n}.${Math.floor(random() * 1e9).toString(36)}`,
  };
}

function money(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Fields shared by order and sale rows (reference 3.1). */
function commonRow(shape: CatalogShape, order: OrderFacts) {
  const size = sizesOf(shape, order.cardIndex)[order.sizeIndex];
  const priceWithDisc = money((order.price * (100 - order.discount)) / 100);
  return {
    warehouseName: order.warehouse.name,
    warehouseType: order.warehouse.type,
    countryName: order.region.country,
    oblastOkrugName: order.region.okrug,
    regionName: order.region.region,
    supplierArticle: vendorCodeOf(shape, order.cardIndex),
    nmId: nmIdOf(shape, order.cardIndex),
    barcode: size.skus[0],
    category: 'Одежда',
    subject: 'Товар',
    brand: brandOf(shape, order.cardIndex),
    techSize: size.techSize,
    incomeID: 10_000_000 + (order.n % 997),
    isSupply: false,
    isRealization: true,
    totalPrice: order.price,
    discountPercent: order.discount,
    spp: order.spp,
    finishedPrice: money((priceWithDisc * (100 - order.spp)) / 100),
    priceWithDisc,
    sticker: String(30_000_000_000 + order.n),
    gNumber: order.gNumber,
    srid: order.srid,
  };
}

export function orderRow(shape: CatalogShape, order: OrderFacts) {
  const lastChangeMs = order.cancelMs ?? order.dateMs;
  return {
    date: moscowLocal(order.dateMs),
    lastChangeDate: moscowLocal(lastChangeMs),
    ...commonRow(shape, order),
    isCancel: order.cancelMs !== null,
    cancelDate: order.cancelMs === null ? '0001-01-01T00:00:00' : moscowLocal(order.cancelMs),
  };
}

/** A sale (S) or a return (R) of an order. */
export const SALE_KINDS = ['S', 'R'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** When the sale or return of an order happens, if it does. */
export function saleTime(order: OrderFacts, kind: SaleKind): number | null {
  return kind === 'S' ? order.saleMs : order.returnMs;
}

/** The sale or return row of an order (reference 3.2): saleID S... for the sale, R... for a return, at atMs. */
export function saleRow(shape: CatalogShape, order: OrderFacts, kind: SaleKind, atMs: number) {
  const common = commonRow(shape, order);
  const sign = kind === 'S' ? 1 : -1;
  return {
    date: moscowLocal(atMs),
    lastChangeDate: moscowLocal(atMs),
    ...common,
    totalPrice: sign * common.totalPrice,
    finishedPrice: sign * common.finishedPrice,
    priceWithDisc: sign * common.priceWithDisc,
    paymentSaleAmount: 0,
    forPay: sign * money(common.priceWithDisc * 0.78),
    saleID: `${kind}${String(order.n + 1).padStart(10, '0')}`,
  };
}
