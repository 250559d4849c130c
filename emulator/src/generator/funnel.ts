import { DAY_MS, moscowDayNumber } from '../moscow-time';
import { CatalogShape } from './catalog';
import { orderAt, orderCount, OrderFacts, OrderStream } from './orders';
import { intBetween, itemRandom } from './random';

/**
 * Reference 13.0: most orders, opens and cart adds reach the funnel within the hour, a small part within a few days,
 * so the marketplace rewrites the last days. The share of a day's final figures it shows `age` whole Moscow days
 * after the day (index = age); from FINAL_AGE days on, the figures are final. Buyouts, cancellations and returns are
 * booked on the order's day whenever they happen, up to MAX_CHANGE_DELAY_MS after it, as the orders generator makes them.
 */
const REPORTED_SHARE = [0.7, 0.85, 0.93, 0.96, 0.98, 0.99, 0.995] as const;
const FINAL_AGE = REPORTED_SHARE.length;

const ORDER_SALT = 0x2f6b;
const TRAFFIC_SALT = 0x5f3759df;
/** About one order in seven is a WB Club member's. */
const CLUB_SHARE = 0.15;

/** Money in kopecks, summed exactly; the answers write whole roubles. */
export interface FunnelMoney {
  count: number;
  kopecks: number;
}

/** The funnel of one card on one Moscow day, as the report shows it at one moment. */
export interface FunnelDay {
  openCount: number;
  cartCount: number;
  addToWishlist: number;
  orders: FunnelMoney;
  buyouts: FunnelMoney;
  cancels: FunnelMoney;
  club: { orders: FunnelMoney; buyouts: FunnelMoney; cancels: FunnelMoney };
}

/** The share of a day's figures shown `age` days after it. */
function reportedShare(age: number): number {
  return age >= FINAL_AGE ? 1 : REPORTED_SHARE[Math.max(0, age)];
}

/** Whether the funnel shows an order `age` days after its day: each order has its own fixed delay. */
function reportedOrder(seed: number, order: OrderFacts, age: number): { shown: boolean; club: boolean } {
  const random = itemRandom(seed, order.n, ORDER_SALT);
  const lateness = random();
  return { shown: lateness < reportedShare(age), club: random() < CLUB_SHARE };
}

/** The orders feed's priceWithDisc of an order (reference 3.1), in kopecks: the funnel's money basis. */
function orderKopecks(order: OrderFacts): number {
  return order.price * (100 - order.discount);
}

const money = (): FunnelMoney => ({ count: 0, kopecks: 0 });
const add = (into: FunnelMoney, kopecks: number) => {
  into.count += 1;
  into.kopecks += kopecks;
};

/** The orders of cards on days [firstDay, lastDay] (Moscow day numbers) that had been placed by nowMs, by card and day. */
function ordersByCardDay(stream: OrderStream, shape: CatalogShape, firstDay: number, lastDay: number, nowMs: number) {
  const streamDay = moscowDayNumber(stream.firstDayMs);
  const byKey = new Map<string, OrderFacts[]>();
  const from = Math.max(0, (firstDay - streamDay) * stream.ordersPerDay);
  const to = Math.min(orderCount(stream), (lastDay - streamDay + 1) * stream.ordersPerDay);
  for (let n = from; n < to; n += 1) {
    const order = orderAt(stream, shape, n);
    if (order.dateMs > nowMs) break;
    const key = cardDayKey(order.cardIndex, moscowDayNumber(order.dateMs));
    const list = byKey.get(key);
    if (list) list.push(order);
    else byKey.set(key, [order]);
  }
  return byKey;
}

function cardDayKey(cardIndex: number, day: number): string {
  return `${cardIndex}|${day}`;
}

/**
 * The funnel of a card on a day as the report shows it at nowMs: orders by their own delays (REPORTED_SHARE), opens,
 * cart adds and favourites as multiples of the day's final orders scaled by the same share, buyouts and cancels (a
 * cancellation or a return) booked on the order's day once they have happened.
 */
export function funnelDay(shape: CatalogShape, cardIndex: number, day: number, orders: readonly OrderFacts[], nowMs: number): FunnelDay {
  const age = moscowDayNumber(nowMs) - day;
  const figures = emptyFunnel();
  for (const order of orders) {
    const { shown, club } = reportedOrder(shape.seed, order, age);
    if (!shown) continue;
    const kopecks = orderKopecks(order);
    const groups = club ? [figures, figures.club] : [figures];
    const cancelled = (order.cancelMs !== null && order.cancelMs <= nowMs) || (order.returnMs !== null && order.returnMs <= nowMs);
    const bought = !cancelled && order.saleMs !== null && order.saleMs <= nowMs;
    for (const group of groups) {
      add(group.orders, kopecks);
      if (cancelled) add(group.cancels, kopecks);
      if (bought) add(group.buyouts, kopecks);
    }
  }
  const random = itemRandom(shape.seed, cardIndex, Math.imul(day, 0x27d4eb2d) ^ TRAFFIC_SALT);
  // A cart add in 20-45 % of cases ends in an order, an open in 4-14 % in a cart add; some traffic never orders.
  const cartToOrder = intBetween(random, 20, 45);
  const openToCart = intBetween(random, 4, 14);
  const finalCart = orders.length === 0 ? intBetween(random, 0, 4) : Math.ceil((orders.length * 100) / cartToOrder);
  const finalOpens = Math.ceil((finalCart * 100) / openToCart) + intBetween(random, 0, 30);
  const share = reportedShare(age);
  figures.cartCount = Math.max(figures.orders.count, Math.floor(finalCart * share));
  figures.openCount = Math.max(figures.cartCount, Math.floor(finalOpens * share));
  figures.addToWishlist = Math.floor((figures.openCount * intBetween(random, 2, 7)) / 100);
  return figures;
}

/** The Moscow day numbers from the start of `first` to the start of `last` (both included). */
function dayRange(firstDay: number, lastDay: number): number[] {
  return Array.from({ length: Math.max(0, lastDay - firstDay + 1) }, (_, n) => firstDay + n);
}

/** The date of a Moscow day number: 2024-08-16. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The moment the funnel's clock shows: the real one moved `daysAhead` days forward. */
export function funnelNow(daysAhead: number, realNowMs = Date.now()): number {
  return realNowMs + daysAhead * DAY_MS;
}

/** A card's funnel with nothing in it, to add days into. */
export function emptyFunnel(): FunnelDay {
  return {
    openCount: 0,
    cartCount: 0,
    addToWishlist: 0,
    orders: money(),
    buyouts: money(),
    cancels: money(),
    club: { orders: money(), buyouts: money(), cancels: money() },
  };
}

const addMoney = (into: FunnelMoney, more: FunnelMoney) => {
  into.count += more.count;
  into.kopecks += more.kopecks;
};

/** Adds a day's figures into a total. */
export function addFunnel(into: FunnelDay, day: FunnelDay): FunnelDay {
  into.openCount += day.openCount;
  into.cartCount += day.cartCount;
  into.addToWishlist += day.addToWishlist;
  for (const key of ['orders', 'buyouts', 'cancels'] as const) {
    addMoney(into[key], day[key]);
    addMoney(into.club[key], day.club[key]);
  }
  return into;
}

/**
 * The funnel of each card on each day of [firstDay, lastDay] up to today as the report shows it at nowMs, in day
 * order: days after today have no figures yet.
 */
export function funnelDays(
  stream: OrderStream,
  shape: CatalogShape,
  cardIndexes: readonly number[],
  firstDay: number,
  lastDay: number,
  nowMs: number,
): Map<number, { day: number; figures: FunnelDay }[]> {
  const days = dayRange(firstDay, Math.min(lastDay, moscowDayNumber(nowMs)));
  const orders = ordersByCardDay(stream, shape, firstDay, lastDay, nowMs);
  return new Map(
    cardIndexes.map((index) => [
      index,
      days.map((day) => ({ day, figures: funnelDay(shape, index, day, orders.get(cardDayKey(index, day)) ?? [], nowMs) })),
    ]),
  );
}

/** Each card's figures over [firstDay, lastDay], added up, as funnelDays shows them. */
export function funnelTotals(
  stream: OrderStream,
  shape: CatalogShape,
  cardIndexes: readonly number[],
  firstDay: number,
  lastDay: number,
  nowMs: number,
): Map<number, FunnelDay> {
  const days = dayRange(firstDay, Math.min(lastDay, moscowDayNumber(nowMs)));
  const orders = ordersByCardDay(stream, shape, firstDay, lastDay, nowMs);
  return new Map(
    cardIndexes.map((index) => [
      index,
      days.reduce(
        (total, day) => addFunnel(total, funnelDay(shape, index, day, orders.get(cardDayKey(index, day)) ?? [], nowMs)),
        emptyFunnel(),
      ),
    ]),
  );
}
