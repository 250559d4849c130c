import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { brandOf, cardAt, indexOfNmId } from '../generator/catalog';
import { dateOfDay, FunnelDay, funnelDays, funnelNow, funnelTotals } from '../generator/funnel';
import { cardRatings, cardStocks, historyItemOf } from '../generator/funnel-card';
import { searchTextsOf, TEXT_ORDER_FIELDS, TOP_ORDER_FIELDS } from '../generator/funnel-search-texts';
import { comparisonOf, historyRow, Statistic, statisticOf, totalOf } from '../generator/funnel-statistic';
import { moscowDayNumber } from '../moscow-time';
import { callerOf } from '../pipeline';
import type { Seller } from '../sellers';
import {
  booleanOf,
  DayPeriod,
  integerOf,
  integersOf,
  oneOfValues,
  orderByOf,
  periodOf,
  RequestInvalid,
  requireWithin,
  stringsOf,
} from './analytics-requests';
import { isObject } from './request-checks';
import { analyticsBadRequest } from './stock.routes';

export const FUNNEL_PRODUCTS_PATH = '/api/analytics/v3/sales-funnel/products';
export const FUNNEL_HISTORY_PATH = '/api/analytics/v3/sales-funnel/products/history';
export const SEARCH_TEXTS_PATH = '/api/v2/search-report/product/search-texts';

const CURRENCY = 'RUB';
/** Reference 13.1: a year back at most; nmIds up to 1000, limit up to 1000 (50 by default). */
const YEAR_DAYS = 365;
const MAX_PRODUCT_NM_IDS = 1000;
const MAX_PRODUCTS_LIMIT = 1000;
const DEFAULT_PRODUCTS_LIMIT = 50;
/** Reference 13.2: 1..20 cards, the last week only. */
const MAX_HISTORY_NM_IDS = 20;
const WEEK_DAYS = 7;
/** Reference 13.4: up to 50 cards, 1..100 phrases a card (30 on the Standard Jam rate). */
const MAX_TEXT_NM_IDS = 50;
const MAX_TEXTS_LIMIT = 100;

const PRODUCT_ORDER_FIELDS = [
  'openCard',
  'addToCart',
  'orderCount',
  'orderSum',
  'buyoutCount',
  'buyoutSum',
  'cancelCount',
  'cancelSum',
  'avgPrice',
  'stockMpQty',
  'stockWbQty',
  'shareOrderPercent',
  'addToWishlist',
  'timeToReady',
  'localizationPercent',
  'wbClub.orderCount',
  'wbClub.orderSum',
  'wbClub.buyoutSum',
  'wbClub.cancelSum',
  'wbClub.buyoutCount',
  'wbClub.avgPrice',
  'wbClub.buyoutPercent',
  'wbClub.avgOrderCountPerDay',
  'wbClub.cancelCount',
] as const;
type ProductOrderField = (typeof PRODUCT_ORDER_FIELDS)[number];

interface ProductRow {
  product: ReturnType<typeof historyItemOf> & {
    tags: { id: number; name: string }[];
    feedbackRating: number;
    productRating: number;
    stocks: ReturnType<typeof cardStocks>;
  };
  statistic: { selected: Statistic; past?: Statistic; comparison?: ReturnType<typeof comparisonOf> };
}

function sortValue(row: ProductRow, field: ProductOrderField): number {
  const { selected } = row.statistic;
  if (field.startsWith('wbClub.')) return selected.wbClub[field.slice('wbClub.'.length) as keyof Statistic['wbClub']];
  const { days, hours, mins } = selected.timeToReady;
  const values: Partial<Record<ProductOrderField, number>> = {
    openCard: selected.openCount,
    addToCart: selected.cartCount,
    stockMpQty: row.product.stocks.mp,
    stockWbQty: row.product.stocks.wb,
    timeToReady: (days * 24 + hours) * 60 + mins,
  };
  return values[field] ?? (selected[field as keyof Statistic] as number);
}

/** The seller's funnel clock and today's Moscow day by it. */
function clockOf(seller: Seller): { nowMs: number; today: number } {
  const nowMs = funnelNow(seller.funnelClockDays);
  return { nowMs, today: moscowDayNumber(nowMs) };
}

/** The card indexes of the nmIds the seller has, once each, in request order; unknown ones are left out [unconfirmed]. */
function knownCards(seller: Seller, nmIds: readonly number[]): number[] {
  const indexes = nmIds.map((nmId) => indexOfNmId(seller.catalog, nmId)).filter((index): index is number => index !== null);
  return [...new Set(indexes)];
}

/** Each card's figures over a period, added up. */
function periodTotals(seller: Seller, indexes: number[], period: DayPeriod, nowMs: number): Map<number, FunnelDay> {
  return funnelTotals(seller.orders, seller.catalog, indexes, period.firstDay, period.lastDay, nowMs);
}

/** A route whose refusals are ErrorObject 400s (reference 13.0). */
function withBadRequests<B>(handler: (request: FastifyRequest<{ Body: B }>, reply: FastifyReply) => unknown) {
  return async (request: FastifyRequest<{ Body: B }>, reply: FastifyReply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof RequestInvalid) return analyticsBadRequest(reply, error.message);
      throw error;
    }
  };
}

function bodyOf(request: FastifyRequest<{ Body: unknown }>): Record<string, unknown> {
  if (!isObject(request.body)) throw new RequestInvalid('body (field required)');
  return request.body as Record<string, unknown>;
}

function products(request: FastifyRequest<{ Body: unknown }>) {
  const body = bodyOf(request);
  const { seller } = callerOf(request);
  const { nowMs, today } = clockOf(seller);
  const selected = periodOf(body.selectedPeriod, 'selectedPeriod');
  requireWithin(selected, 'selectedPeriod', today, YEAR_DAYS, '365 days ago');
  const past = body.pastPeriod === undefined ? null : periodOf(body.pastPeriod, 'pastPeriod');
  // Reference 13.1: a comparison period starting more than a year back is moved to today - 365 days.
  if (past && past.firstDay < today - YEAR_DAYS) Object.assign(past, { firstDay: today - YEAR_DAYS, start: dateOfDay(today - YEAR_DAYS) });
  const nmIds = integersOf(body.nmIds, 'nmIds', MAX_PRODUCT_NM_IDS);
  const brandNames = stringsOf(body.brandNames, 'brandNames');
  const subjectIds = integersOf(body.subjectIds, 'subjectIds', Infinity);
  const tagIds = integersOf(body.tagIds, 'tagIds', Infinity);
  // Generated cards are never deleted: skipDeletedNm is checked and changes nothing.
  booleanOf(body.skipDeletedNm, 'skipDeletedNm', false);
  const orderBy =
    body.orderBy === undefined
      ? { field: 'openCard' as const, mode: 'desc' as const }
      : orderByOf(body.orderBy, 'orderBy', PRODUCT_ORDER_FIELDS);
  const limit = integerOf(body.limit, 'limit', 1, MAX_PRODUCTS_LIMIT, DEFAULT_PRODUCTS_LIMIT);
  const offset = integerOf(body.offset, 'offset', 0, 2 ** 32 - 1, 0);

  const { catalog, stock } = seller;
  const all = Array.from({ length: catalog.cards }, (_, index) => index);
  // Empty filter arrays mean every card; filters are ANDed; generated cards have no labels.
  const cards = all.filter(
    (index) =>
      (!nmIds?.length || nmIds.includes(catalog.nmIdBase + index)) &&
      (!brandNames?.length || brandNames.includes(brandOf(catalog, index))) &&
      (!subjectIds?.length || subjectIds.includes(cardAt(catalog, index).subjectID)) &&
      !tagIds?.length,
  );
  const selectedTotals = periodTotals(seller, all, selected, nowMs);
  const pastTotals = past && periodTotals(seller, all, past, nowMs);
  const sellerKopecks = (totals: Map<number, FunnelDay>) => [...totals.values()].reduce((sum, total) => sum + total.orders.kopecks, 0);
  const selectedKopecks = sellerKopecks(selectedTotals);
  const pastKopecks = pastTotals && sellerKopecks(pastTotals);
  const rows = cards.map((index): ProductRow => {
    const ratings = cardRatings(catalog, index);
    const statistic = (total: FunnelDay, period: DayPeriod, kopecks: number) =>
      statisticOf(total, { start: period.start, end: period.end }, period.lastDay - period.firstDay + 1, kopecks, ratings.timeToReady);
    const selectedStatistic = statistic(selectedTotals.get(index)!, selected, selectedKopecks);
    const pastStatistic = past && statistic(pastTotals!.get(index)!, past, pastKopecks!);
    return {
      product: {
        ...historyItemOf(catalog, index),
        tags: [],
        feedbackRating: ratings.feedbackRating,
        productRating: ratings.productRating,
        stocks: cardStocks(catalog, index, stock),
      },
      statistic: {
        selected: selectedStatistic,
        ...(pastStatistic ? { past: pastStatistic, comparison: comparisonOf(selectedStatistic, pastStatistic) } : {}),
      },
    };
  });
  const sign = orderBy.mode === 'asc' ? 1 : -1;
  rows.sort((a, b) => sign * (sortValue(a, orderBy.field) - sortValue(b, orderBy.field)) || a.product.nmId - b.product.nmId);
  // Reference 13.1 says "an empty response []" when nothing matches, against its own object schema: the emulator
  // answers the object with no products.
  return { data: { currency: CURRENCY, products: rows.slice(offset, offset + limit) } };
}

/** The first day of the Monday-to-Sunday week of a day (day 0, 1970-01-01, was a Thursday). */
const weekStart = (day: number): number => day - ((((day - 4) % 7) + 7) % 7);

function history(request: FastifyRequest<{ Body: unknown }>) {
  const body = bodyOf(request);
  const { seller } = callerOf(request);
  const { nowMs, today } = clockOf(seller);
  if (body.nmIds === undefined) throw new RequestInvalid('nmIds (field required)');
  const nmIds = integersOf(body.nmIds, 'nmIds', MAX_HISTORY_NM_IDS, 1) ?? [];
  const period = periodOf(body.selectedPeriod, 'selectedPeriod');
  requireWithin(period, 'selectedPeriod', today, WEEK_DAYS, 'a week ago');
  booleanOf(body.skipDeletedNm, 'skipDeletedNm', false);
  const level = oneOfValues(body.aggregationLevel, 'aggregationLevel', ['day', 'week'] as const, 'day');
  const cards = knownCards(seller, nmIds);
  const days = funnelDays(seller.orders, seller.catalog, cards, period.firstDay, period.lastDay, nowMs);
  return cards.map((index) => {
    const groups = new Map<number, FunnelDay[]>();
    for (const { day, figures } of days.get(index)!) {
      const key = level === 'day' ? day : Math.max(weekStart(day), period.firstDay);
      groups.set(key, [...(groups.get(key) ?? []), figures]);
    }
    return {
      product: historyItemOf(seller.catalog, index),
      history: [...groups].map(([first, list]) => historyRow(first, totalOf(list))),
      currency: CURRENCY,
    };
  });
}

function searchTexts(request: FastifyRequest<{ Body: unknown }>) {
  const body = bodyOf(request);
  const { seller } = callerOf(request);
  const { nowMs, today } = clockOf(seller);
  if (body.nmIds === undefined) throw new RequestInvalid('nmIds (field required)');
  const nmIds = integersOf(body.nmIds, 'nmIds', MAX_TEXT_NM_IDS) ?? [];
  const current = periodOf(body.currentPeriod, 'currentPeriod');
  requireWithin(current, 'currentPeriod', today, YEAR_DAYS, '365 days ago');
  const past = body.pastPeriod === undefined ? null : periodOf(body.pastPeriod, 'pastPeriod');
  if (past) {
    requireWithin(past, 'pastPeriod', today, YEAR_DAYS, '365 days ago');
    if (past.lastDay >= current.firstDay) throw new RequestInvalid('pastPeriod.end (before currentPeriod.start)');
    if (past.lastDay - past.firstDay > current.lastDay - current.firstDay)
      throw new RequestInvalid('pastPeriod (no longer than currentPeriod)');
  }
  const top = oneOfValues(body.topOrderBy, 'topOrderBy', TOP_ORDER_FIELDS);
  const orderBy = orderByOf(body.orderBy, 'orderBy', TEXT_ORDER_FIELDS);
  if (body.limit === undefined) throw new RequestInvalid('limit (field required)');
  const limit = integerOf(body.limit, 'limit', 1, MAX_TEXTS_LIMIT, 0);
  const substituted = booleanOf(body.includeSubstitutedSKUs, 'includeSubstitutedSKUs', true);
  const plain = booleanOf(body.includeSearchTexts, 'includeSearchTexts', true);
  if (!substituted && !plain) throw new RequestInvalid('includeSubstitutedSKUs (not both false with includeSearchTexts)');
  const cards = knownCards(seller, nmIds);
  const currentTotals = periodTotals(seller, cards, current, nowMs);
  const pastTotals = past && periodTotals(seller, cards, past, nowMs);
  const sign = orderBy.mode === 'asc' ? 1 : -1;
  const items = cards
    .flatMap((index) => searchTextsOf(seller.catalog, index, currentTotals.get(index)!, pastTotals?.get(index) ?? null, limit, top))
    .sort((a, b) => sign * (a[orderBy.field].current - b[orderBy.field].current) || a.nmId - b.nmId || a.text.localeCompare(b.text));
  // Reference 13.4: the file cuts the answer's allOf; CommonResponseProperties puts the payload under `data` [inferred].
  return { data: { currency: CURRENCY, items } };
}

/** Analytics: the sales funnel per card (reference 13.1-13.2) and the search phrases of cards (reference 13.4). */
export function registerFunnelRoutes(app: FastifyInstance): void {
  const route = (path: string) => ({ config: { scope: 'analytics' as const, path, logBody: true as const } });
  app.post<{ Body: unknown }>(FUNNEL_PRODUCTS_PATH, route(FUNNEL_PRODUCTS_PATH), withBadRequests(products));
  app.post<{ Body: unknown }>(FUNNEL_HISTORY_PATH, route(FUNNEL_HISTORY_PATH), withBadRequests(history));
  app.post<{ Body: unknown }>(SEARCH_TEXTS_PATH, route(SEARCH_TEXTS_PATH), withBadRequests(searchTexts));
}
