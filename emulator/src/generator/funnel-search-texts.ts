import { cardAt, CatalogShape } from './catalog';
import { FunnelDay } from './funnel';
import { cardPrice, cardRatings } from './funnel-card';
import { dynamic, percent } from './funnel-statistic';
import { intBetween, itemRandom } from './random';

const TEXT_SALT = 0x7e57;
/** What a buyer adds to a subject when searching. */
const MODIFIERS = [
  '',
  'купить',
  'недорого',
  'женские',
  'мужские',
  'детские',
  'хлопок',
  'оверсайз',
  'чёрный',
  'белый',
  'набор',
  'в подарок',
];
/** About 60 % of a card's opens, cart adds and orders come from search. */
const SEARCH_SHARE = 0.6;

export const TOP_ORDER_FIELDS = ['openCard', 'addToCart', 'openToCart', 'orders', 'cartToOrder'] as const;
export type TopOrderField = (typeof TOP_ORDER_FIELDS)[number];
export const TEXT_ORDER_FIELDS = ['avgPosition', ...TOP_ORDER_FIELDS, 'visibility'] as const;

/**
 * Reference 13.4 TableSearchTextItem. Types the file cuts are [unconfirmed]: integers here for counts, positions and
 * percents, as sibling components have them.
 */
interface SearchTextItem {
  text: string;
  nmId: number;
  name: string;
  vendorCode: string;
  subjectName: string;
  brandName: string;
  isCardRated: boolean;
  rating: number;
  feedbackRating: number;
  weekFrequency: number;
  frequency: { current: number; dynamics?: number };
  avgPosition: { current: number; dynamics?: number };
  medianPosition: { current: number; dynamics?: number };
  visibility: { current: number; dynamics?: number };
  openCard: Metric;
  addToCart: Metric;
  openToCart: Metric;
  orders: Metric;
  cartToOrder: Metric;
  price: { minPrice: number; maxPrice: number };
}

interface Metric {
  current: number;
  dynamics?: number;
  percentile: number;
}

/**
 * The search phrases of a card over a period, each with its share of the card's search traffic (`past`: the same over
 * the comparison period, for the dynamics); the top `limit` of them by `top`.
 */
export function searchTextsOf(
  shape: CatalogShape,
  index: number,
  current: FunnelDay,
  past: FunnelDay | null,
  limit: number,
  top: TopOrderField,
): SearchTextItem[] {
  const card = cardAt(shape, index);
  const ratings = cardRatings(shape, index);
  const price = cardPrice(shape, index);
  const random = itemRandom(shape.seed, index, TEXT_SALT);
  const subject = card.subjectName.toLowerCase();
  const phrases = [...new Set([...MODIFIERS.map((word) => `${subject} ${word}`.trim()), `${subject} ${card.brand.toLowerCase()}`])];
  const chosen = phrases.filter(() => random() < 0.6);
  const weights = chosen.map(() => 1 + random() * 9);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const split = (value: number, n: number) => Math.floor((value * SEARCH_SHARE * weights[n]) / weightSum);
  const metric = (now: number, before: number | null, percentile: number): Metric => ({
    current: now,
    ...(before === null ? {} : { dynamics: dynamic(now, before) }),
    percentile,
  });
  const items = chosen.map((text, n): SearchTextItem => {
    const opens = split(current.openCount, n);
    const carts = split(current.cartCount, n);
    const orders = split(current.orders.count, n);
    const was = past && { opens: split(past.openCount, n), carts: split(past.cartCount, n), orders: split(past.orders.count, n) };
    const frequency = intBetween(random, 200, 60_000);
    const position = intBetween(random, 1, 300);
    return {
      text,
      nmId: card.nmID,
      name: card.title,
      vendorCode: card.vendorCode,
      subjectName: card.subjectName,
      brandName: card.brand,
      isCardRated: true,
      rating: Math.round(ratings.productRating * 2 * 10) / 10,
      feedbackRating: ratings.feedbackRating,
      weekFrequency: Math.ceil(frequency / 4),
      frequency: { current: frequency, ...(was ? { dynamics: intBetween(random, -30, 30) } : {}) },
      avgPosition: { current: position, ...(was ? { dynamics: intBetween(random, -20, 20) } : {}) },
      medianPosition: { current: Math.max(1, position - intBetween(random, 0, 10)) },
      visibility: { current: intBetween(random, 0, 100) },
      openCard: metric(opens, was && was.opens, intBetween(random, 0, 100)),
      addToCart: metric(carts, was && was.carts, intBetween(random, 0, 100)),
      openToCart: metric(percent(carts, opens), was && percent(was.carts, was.opens), intBetween(random, 0, 100)),
      orders: metric(orders, was && was.orders, intBetween(random, 0, 100)),
      cartToOrder: metric(percent(orders, carts), was && percent(was.orders, was.carts), intBetween(random, 0, 100)),
      price: { minPrice: price, maxPrice: price },
    };
  });
  return items.sort((a, b) => b[top].current - a[top].current || a.text.localeCompare(b.text)).slice(0, limit);
}
