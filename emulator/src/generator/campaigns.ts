import { DAY_MS } from '../moscow-time';
import { cardAt, CatalogShape, nmIdOf } from './catalog';
import { intBetween, itemRandom, pick } from './random';

export type Placement = 'search' | 'recommendations';
/** Reference 16.2: the minimum bids' placements (recommendation, singular). */
export const MIN_BID_PLACEMENTS = ['combined', 'search', 'recommendation'] as const;
export type MinBidPlacement = (typeof MIN_BID_PLACEMENTS)[number];

/** The lowest bid the marketplace takes until a product's own minimum is set (the reference's "min: 150"). */
export const DEFAULT_MIN_BID = 150;

/** A product of a campaign: its bids, its minimum bids (kopecks) and the statistics days scripted for it. */
export interface CampaignNm {
  nmId: number;
  cardIndex: number;
  subject: { id: number; name: string };
  bids: Record<Placement, number>;
  minBids: Record<MinBidPlacement, number>;
  /** Totals by Moscow day (YYYY-MM-DD) that replace the generated ones. */
  scriptedDays: Map<string, Totals>;
}

export interface Campaign {
  id: number;
  type: number;
  status: number;
  bidType: 'unified' | 'manual';
  paymentType: 'cpm' | 'cpc';
  name: string;
  createdMs: number;
  nms: CampaignNm[];
  /** Budget in roubles: a running campaign always has some; a stopped one may have none. */
  budget: number;
}

/** Reference 6: -1 deleted, 4 ready, 7 finished, 8 cancelled, 9 active, 11 paused. */
const STATUSES = [9, 9, 9, 11, 4, 7, 9, 11];

/** Campaign k of a seller: ids, products and bids (kopecks) follow from the seed. */
export function campaignAt(shape: CatalogShape, k: number, nowMs: number): Campaign {
  const random = itemRandom(shape.seed, k, 51);
  const bidType = random() < 0.7 ? 'unified' : 'manual';
  const nmCount = Math.min(shape.cards, intBetween(random, 1, 5));
  const first = intBetween(random, 0, Math.max(0, shape.cards - nmCount));
  const status = STATUSES[k % STATUSES.length];
  return {
    id: 20_000_000 + (shape.seed % 1000) * 1000 + k,
    type: 9,
    status,
    bidType,
    paymentType: random() < 0.8 ? 'cpm' : 'cpc',
    name: `Кампания ${k + 1}: ${pick(random, ['поиск', 'рекомендации', 'распродажа', 'новинки'])}`,
    createdMs: nowMs - intBetween(random, 20, 200) * DAY_MS,
    nms: Array.from({ length: nmCount }, (_, n) => {
      const card = cardAt(shape, first + n);
      const search = intBetween(random, 150, 1200);
      return {
        nmId: nmIdOf(shape, first + n),
        cardIndex: first + n,
        subject: { id: card.subjectID, name: card.subjectName },
        bids: { search, recommendations: bidType === 'unified' ? search : intBetween(random, 150, 800) },
        minBids: { combined: DEFAULT_MIN_BID, search: DEFAULT_MIN_BID, recommendation: DEFAULT_MIN_BID },
        scriptedDays: new Map(),
      };
    }),
    budget: intBetween(random, status === 9 ? 1 : 0, 20) * 1000,
  };
}

export interface Totals {
  views: number;
  clicks: number;
  ctr: number;
  cpc: number;
  cr: number;
  atbs: number;
  orders: number;
  shks: number;
  canceled: number;
  sum: number;
  sum_price: number;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A day's totals as a script gives them (views, clicks, spend and optionally orders), the ratios computed. */
export function scriptedTotals(day: Pick<Totals, 'views' | 'clicks' | 'sum'> & Partial<Pick<Totals, 'orders' | 'sum_price'>>): Totals {
  const orders = day.orders ?? 0;
  return {
    views: day.views,
    clicks: day.clicks,
    ctr: day.views ? round2((day.clicks / day.views) * 100) : 0,
    cpc: day.clicks ? round2(day.sum / day.clicks) : 0,
    cr: day.clicks ? round2((orders / day.clicks) * 100) : 0,
    atbs: orders,
    orders,
    shks: orders,
    canceled: 0,
    sum: day.sum,
    sum_price: day.sum_price ?? 0,
  };
}

/** One product's statistics on one day (a day number from 1970-01-01): scripted, or fixed by campaign, product and day. */
export function dayTotals(campaign: Campaign, nmIndex: number, dayIndex: number): Totals {
  const scripted = campaign.nms[nmIndex].scriptedDays.get(new Date(dayIndex * DAY_MS).toISOString().slice(0, 10));
  if (scripted) return scripted;
  const random = itemRandom(campaign.id, dayIndex * 64 + nmIndex, 53);
  const views = intBetween(random, 80, 3000);
  const clicks = Math.floor((views * intBetween(random, 5, 60)) / 1000);
  const orders = Math.floor((clicks * intBetween(random, 0, 15)) / 100);
  const cpc = round2((campaign.nms[nmIndex].bids.search / 100) * (0.5 + random() * 0.5));
  const sum = round2(clicks * cpc);
  return {
    views,
    clicks,
    ctr: views ? round2((clicks / views) * 100) : 0,
    cpc: clicks ? round2(sum / clicks) : 0,
    cr: clicks ? round2((orders / clicks) * 100) : 0,
    atbs: orders + intBetween(random, 0, 5),
    orders,
    shks: orders,
    canceled: 0,
    sum,
    sum_price: orders * intBetween(random, 500, 5000),
  };
}

/** Sums totals, recomputing the ratios from the sums. */
export function addTotals(parts: Totals[]): Totals {
  const sum = (key: keyof Totals) => parts.reduce((total, part) => total + part[key], 0);
  const views = sum('views');
  const clicks = sum('clicks');
  const orders = sum('orders');
  const spend = round2(sum('sum'));
  return {
    views,
    clicks,
    ctr: views ? round2((clicks / views) * 100) : 0,
    cpc: clicks ? round2(spend / clicks) : 0,
    cr: clicks ? round2((orders / clicks) * 100) : 0,
    atbs: sum('atbs'),
    orders,
    shks: sum('shks'),
    canceled: sum('canceled'),
    sum: spend,
    sum_price: sum('sum_price'),
  };
}
