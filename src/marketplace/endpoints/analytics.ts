import { Endpoint, inBody } from './endpoint';
import { arrayOf, bool, int, num, object, optional, ShapeOf, str } from './shape';

// Reference 13.0-13.4 (analytics.json, tags salesFunnel and searchQueriesForYourItems). Money is whole roubles of the
// item's `currency`; nmIds are int64 in the file, yet far below 2^53, so read as numbers as elsewhere.

/** Reference 13.0 DatePeriod: Moscow dates, YYYY-MM-DD, both included. */
export interface DatePeriod {
  start: string;
  end: string;
}

/** Reference 13.1 OrderBy: the sortable fields of the products report. */
export type FunnelOrderField =
  | 'openCard'
  | 'addToCart'
  | 'orderCount'
  | 'orderSum'
  | 'buyoutCount'
  | 'buyoutSum'
  | 'cancelCount'
  | 'cancelSum'
  | 'avgPrice'
  | 'stockMpQty'
  | 'stockWbQty'
  | 'shareOrderPercent'
  | 'addToWishlist'
  | 'timeToReady'
  | 'localizationPercent'
  | 'wbClub.orderCount'
  | 'wbClub.orderSum'
  | 'wbClub.buyoutSum'
  | 'wbClub.cancelSum'
  | 'wbClub.buyoutCount'
  | 'wbClub.avgPrice'
  | 'wbClub.buyoutPercent'
  | 'wbClub.avgOrderCountPerDay'
  | 'wbClub.cancelCount';

/** Reference 13.1 ItemsRequest: the last 365 days; nmIds up to 1000; limit up to 1000 (50 by default). */
export interface FunnelProductsQuery {
  selectedPeriod: DatePeriod;
  pastPeriod?: DatePeriod;
  nmIds?: number[];
  brandNames?: string[];
  subjectIds?: number[];
  tagIds?: number[];
  skipDeletedNm?: boolean;
  orderBy?: { field: FunnelOrderField; mode: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
}

export const FUNNEL_PRODUCTS_NM_IDS_MAX = 1000;
export const FUNNEL_PRODUCTS_LIMIT_MAX = 1000;

const Period = object({ start: str, end: str });

/** Reference 13.0 Statistic: a card's funnel over a period; conversions and buyoutPercent are integer percents. */
export const FunnelStatistic = object({
  openCount: int,
  cartCount: int,
  orderCount: int,
  orderSum: int,
  buyoutCount: int,
  buyoutSum: int,
  cancelCount: int,
  cancelSum: int,
  avgPrice: int,
  avgOrdersCountPerDay: num,
  shareOrderPercent: num,
  addToWishlist: int,
  localizationPercent: int,
  period: Period,
  timeToReady: object({ days: int, hours: int, mins: int }),
  conversions: object({ addToCartPercent: int, cartToOrderPercent: int, buyoutPercent: int }),
  wbClub: object({
    orderCount: int,
    orderSum: int,
    buyoutCount: int,
    buyoutSum: int,
    cancelCount: int,
    cancelSum: int,
    avgPrice: int,
    buyoutPercent: int,
    avgOrderCountPerDay: num,
  }),
});
export type FunnelStatistic = ShapeOf<typeof FunnelStatistic>;

/** Reference 13.1 Item: the card, its labels, ratings and today's stock (units, and their value). */
export const FunnelItem = object({
  nmId: int,
  title: str,
  vendorCode: str,
  brandName: str,
  subjectId: int,
  subjectName: str,
  tags: arrayOf(object({ id: int, name: str })),
  feedbackRating: num,
  productRating: num,
  stocks: object({ wb: int, mp: int, balanceSum: int }),
});
export type FunnelItem = ShapeOf<typeof FunnelItem>;

/** Reference 13.1 Comparison: integer % changes; only the fields the service may read are checked. */
const FunnelComparison = object({
  openCountDynamic: int,
  cartCountDynamic: int,
  orderCountDynamic: int,
  orderSumDynamic: int,
  buyoutCountDynamic: int,
  buyoutSumDynamic: int,
  cancelCountDynamic: int,
  cancelSumDynamic: int,
  avgPriceDynamic: int,
  conversions: object({ addToCartPercent: int, cartToOrderPercent: int, buyoutPercent: int }),
});

export const FunnelProduct = object({
  product: FunnelItem,
  statistic: object({ selected: FunnelStatistic, past: optional(FunnelStatistic), comparison: optional(FunnelComparison) }),
});
export type FunnelProduct = ShapeOf<typeof FunnelProduct>;

/**
 * Reference 13.1: the file cuts the 200 schema to an inline object whose properties are "[MaxDepth]"; a bare
 * ItemsResponse would be a $ref (as the history's ItemHistoryResponse is), so the object is a wrapper, and ItemsResponse
 * sits under `data` as the stocks report's InventoryWbResponse does (the reference leaves the wrapper unconfirmed).
 */
export const FunnelProducts = object({ data: object({ currency: str, products: arrayOf(FunnelProduct) }) });
export type FunnelProducts = ShapeOf<typeof FunnelProducts>;

export const salesFunnelProducts: Endpoint<FunnelProductsQuery, FunnelProducts> = {
  scope: 'analytics',
  label: 'Аналитика: воронка продаж',
  method: 'POST',
  path: '/api/analytics/v3/sales-funnel/products',
  request: inBody,
  response: FunnelProducts,
};

/** Reference 13.2 ItemHistoryRequest: 1..20 cards, the last week only, by day (default) or week. */
export interface FunnelHistoryQuery {
  nmIds: number[];
  selectedPeriod: DatePeriod;
  skipDeletedNm?: boolean;
  aggregationLevel?: 'day' | 'week';
}

export const FUNNEL_HISTORY_NM_IDS_MAX = 20;
/** Reference 13.2: the period reaches back a week at most. */
export const FUNNEL_HISTORY_DAYS_BACK = 7;

/** Reference 13.0 History: one day (or week) of a card. */
export const FunnelHistoryDay = object({
  date: str,
  openCount: int,
  cartCount: int,
  orderCount: int,
  orderSum: int,
  buyoutCount: int,
  buyoutSum: int,
  buyoutPercent: int,
  addToCartConversion: int,
  cartToOrderConversion: int,
  addToWishlistCount: int,
});
export type FunnelHistoryDay = ShapeOf<typeof FunnelHistoryDay>;

/** Reference 13.0 HistoryItem. */
export const FunnelHistoryItem = object({ nmId: int, title: str, vendorCode: str, brandName: str, subjectId: int, subjectName: str });

export const FunnelHistory = object({ product: FunnelHistoryItem, history: arrayOf(FunnelHistoryDay), currency: str });
export type FunnelHistory = ShapeOf<typeof FunnelHistory>;

/** Reference 13.2: the file gives the 200 whole: a bare array (ItemHistoryResponse). */
export const salesFunnelHistory: Endpoint<FunnelHistoryQuery, FunnelHistory[]> = {
  scope: 'analytics',
  label: 'Аналитика: воронка продаж по дням',
  method: 'POST',
  path: '/api/analytics/v3/sales-funnel/products/history',
  request: inBody,
  response: arrayOf(FunnelHistory),
};

export type SearchTextsTop = 'openCard' | 'addToCart' | 'openToCart' | 'orders' | 'cartToOrder';

/**
 * Reference 13.4 ItemSearchTextsRequest (Jam subscription only): up to 50 cards; limit phrases a card, 1..30 (100 on
 * the Advanced and Premium rates); includeSubstitutedSKUs and includeSearchTexts not both false.
 */
export interface SearchTextsQuery {
  nmIds: number[];
  currentPeriod: DatePeriod;
  pastPeriod?: DatePeriod;
  topOrderBy: SearchTextsTop;
  orderBy: { field: SearchTextsTop | 'avgPosition' | 'visibility'; mode: 'asc' | 'desc' };
  limit: number;
  includeSubstitutedSKUs?: boolean;
  includeSearchTexts?: boolean;
}

export const SEARCH_TEXTS_NM_IDS_MAX = 50;
export const SEARCH_TEXTS_LIMIT_MAX = 100;

/** Reference 13.4: the file cuts the types inside these; a number is read either way. */
const Current = object({ current: num, dynamics: optional(num) });
const Ranked = object({ current: num, dynamics: optional(num), percentile: num });

/** Reference 13.4 TableSearchTextItem: a search phrase of a card. */
export const SearchText = object({
  text: str,
  nmId: int,
  name: str,
  vendorCode: str,
  subjectName: str,
  brandName: str,
  isCardRated: bool,
  rating: num,
  feedbackRating: num,
  weekFrequency: int,
  frequency: Current,
  avgPosition: Current,
  medianPosition: Current,
  visibility: Current,
  openCard: Ranked,
  addToCart: Ranked,
  openToCart: Ranked,
  orders: Ranked,
  cartToOrder: Ranked,
  price: object({ minPrice: num, maxPrice: num }),
});
export type SearchText = ShapeOf<typeof SearchText>;

/** Reference 13.4: the answer's allOf is cut; component CommonResponseProperties puts ItemSearchTextsResponse under `data`. */
export const SearchTexts = object({ data: object({ currency: str, items: arrayOf(SearchText) }) });
export type SearchTexts = ShapeOf<typeof SearchTexts>;

export const searchTexts: Endpoint<SearchTextsQuery, SearchTexts> = {
  scope: 'analytics',
  label: 'Аналитика: поисковые запросы',
  method: 'POST',
  path: '/api/v2/search-report/product/search-texts',
  request: inBody,
  response: SearchTexts,
};
