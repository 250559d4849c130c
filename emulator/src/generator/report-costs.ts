import { DAY_MS, moscowIso } from '../moscow-time';
import { CatalogShape } from './catalog';
import { amountOfKopecks } from './kopecks';
import { orderAt, orderCount, OrderFacts, OrderStream } from './orders';
import { intBetween, itemRandom } from './random';
import { realisationRow, ReportPeriod } from './realisation';

/**
 * The realisation report's rows of operations other than sales and returns, for a seller with report costs: on each
 * Moscow day of the order stream a logistics and a storage row, on some days a paid acceptance, a penalty, a deduction
 * and a damage compensation, and on one day over a week old an operation the marketplace added late («Корректировка
 * эквайринга»).
 * Everything follows from the seed and the day.
 */

/** Row slots of one day; a day's rows have rrdIds costBase + day × COST_SLOTS + slot. */
const COST_SLOTS = 8;

interface CostKind {
  operation: string;
  /** The row's money field that carries the amount. */
  field: 'deliveryService' | 'paidStorage' | 'paidAcceptance' | 'penalty' | 'deduction' | 'forPay';
  /** On a card (an order of the day) or a lump row of the whole account (nmId 0). */
  onCard: boolean;
  /** The share of days that have it. */
  share: number;
  /** Its amount range in kopecks; a negative forPay is taken from the seller. */
  kopecks: [number, number];
  bonusTypeName?: string;
}

const COST_KINDS: readonly CostKind[] = [
  {
    operation: 'Логистика',
    field: 'deliveryService',
    onCard: true,
    share: 1,
    kopecks: [5_000, 60_000],
    bonusTypeName: 'К клиенту при продаже',
  },
  { operation: 'Хранение', field: 'paidStorage', onCard: false, share: 1, kopecks: [2_000, 30_000] },
  { operation: 'Платная приемка', field: 'paidAcceptance', onCard: false, share: 0.4, kopecks: [1_000, 20_000] },
  {
    operation: 'Штраф',
    field: 'penalty',
    onCard: true,
    share: 0.25,
    kopecks: [10_000, 100_000],
    bonusTypeName: 'Штраф за нарушение правил',
  },
  { operation: 'Удержание', field: 'deduction', onCard: false, share: 0.3, kopecks: [5_000, 50_000], bonusTypeName: 'Прочие удержания' },
  { operation: 'Компенсация ущерба', field: 'forPay', onCard: true, share: 0.15, kopecks: [20_000, 300_000] },
];

/** The operation the service has no rule for, once per seller; its amount is a debit of forPay. */
const UNKNOWN_OPERATION: CostKind = {
  operation: 'Корректировка эквайринга',
  field: 'forPay',
  onCard: false,
  share: 1,
  kopecks: [-5_000, -1_000],
};

/** Days a weekly report can still be unformed: its own seven and the day after. */
const UNFORMED_DAYS = 8;

/**
 * The day of the late operation, picked by the seed among the stream's days but its last UNFORMED_DAYS, so that a
 * formed weekly report holds it whatever the day of the week (the oldest day, for a stream that short).
 */
function unknownOperationDay(orders: OrderStream): number {
  return orders.seed % Math.max(1, orders.days - UNFORMED_DAYS);
}

/** Cost rows come after every sale and return row in rrdId order. */
export function costRrdIdBase(orders: OrderStream): number {
  return 2 * orderCount(orders) + 1;
}

export function costRrdIdOf(orders: OrderStream, day: number, slot: number): number {
  return costRrdIdBase(orders) + day * COST_SLOTS + slot;
}

/** The first stream day whose cost rows can come after rrdId `after`. */
export function firstCostDayAfter(orders: OrderStream, after: number): number {
  return Math.max(0, Math.floor((after - costRrdIdBase(orders)) / COST_SLOTS));
}

/** A cost row's moment: 21:00 Moscow time of its day. */
export function costTimeOf(orders: OrderStream, day: number): number {
  return orders.firstDayMs + day * DAY_MS + 21 * 3_600_000;
}

/** The order a card row of the day is about: the day's first one that was sold, else its first. */
function anchorOrder(orders: OrderStream, shape: CatalogShape, day: number): OrderFacts {
  const first = day * orders.ordersPerDay;
  for (let n = first; n < first + orders.ordersPerDay; n += 1) {
    const order = orderAt(orders, shape, n);
    if (order.saleMs !== null) return order;
  }
  return orderAt(orders, shape, first);
}

const ZERO_FIELDS = {
  docTypeName: '',
  quantity: 0,
  retailPrice: '0.00',
  retailAmount: '0.00',
  salePercent: 0,
  commissionPercent: 0,
  retailPriceWithDisc: '0.00',
  deliveryAmount: 0,
  returnAmount: 0,
  productDiscountForReport: 0,
  ppvzSalesCommission: '0.00',
  forPay: '0.00',
  acquiringFee: '0.00',
  acquiringPercent: 0,
  vw: '0.00',
  vwNds: '0.00',
};

const LUMP_FIELDS = {
  subjectName: '',
  nmId: 0,
  brandName: '',
  vendorCode: '',
  title: '',
  techSize: '',
  sku: '',
  shkId: 0,
  stickerId: '',
  orderId: 0,
  orderUid: '',
  srid: '',
};

/** The cost rows of stream day `day` (0 = the stream's first day), in rrdId order. */
export function costRowsOfDay(orders: OrderStream, shape: CatalogShape, day: number, period: ReportPeriod): Record<string, unknown>[] {
  const random = itemRandom(orders.seed, day, 67);
  const atMs = costTimeOf(orders, day);
  const anchor = anchorOrder(orders, shape, day);
  const kinds = COST_KINDS.map((kind) => (random() < kind.share ? kind : null));
  kinds.push(day === unknownOperationDay(orders) ? UNKNOWN_OPERATION : null);
  const rows: Record<string, unknown>[] = [];
  kinds.forEach((kind, slot) => {
    if (!kind) return;
    const base = realisationRow(shape, anchor, 'S', atMs, period);
    rows.push({
      ...base,
      ...ZERO_FIELDS,
      ...(kind.onCard ? {} : LUMP_FIELDS),
      rrdId: costRrdIdOf(orders, day, slot),
      sellerOperName: kind.operation,
      orderDt: kind.onCard ? base.orderDt : moscowIso(atMs),
      bonusTypeName: kind.bonusTypeName,
      [kind.field]: amountOfKopecks(intBetween(random, kind.kopecks[0], kind.kopecks[1])),
    });
  });
  return rows;
}
