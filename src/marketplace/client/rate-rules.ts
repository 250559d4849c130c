import type { MpScope } from '../../config/marketplace-scopes';
import { adSpendHistory, bidsMin, fullstats } from '../endpoints/advert';
import { salesFunnelHistory, salesFunnelProducts, searchTexts } from '../endpoints/analytics';
import { ping } from '../endpoints/common';
import { cardsErrorList, cardsList, cardsUpdate, mediaFile, mediaSave, subjectCharcs } from '../endpoints/content';
import { endpointKey } from '../endpoints/endpoint';
import { fbwSupplies, fbwSupply, fbwSupplyGoods } from '../endpoints/fbw-supplies';
import { feedbackById, questionById } from '../endpoints/feedbacks';
import {
  accountBalance,
  acquiringDetailsById,
  acquiringList,
  salesReportDetailed,
  salesReportDetailsById,
  salesReportsList,
} from '../endpoints/finance';
import { bufferGoods, historyGoods, priceUpload } from '../endpoints/prices';
import { supplierOrders, supplierSales } from '../endpoints/statistics';
import {
  sellerStocks,
  sellerWarehouses,
  stocksReport,
  warehouseRemainsCreate,
  warehouseRemainsDownload,
  warehouseRemainsStatus,
} from '../endpoints/stock';
import { acceptanceCoefficients, fbwWarehouses } from '../endpoints/supplies';
import { boxTariffs, palletTariffs } from '../endpoints/tariffs';

/** One outbound limit: `limit` requests per `windowMs`, and the bucket capacity. */
export interface RateRule {
  limit: number;
  windowMs: number;
  /** Requests that may go back to back. Without a burst the bucket holds one token: requests are spread evenly. */
  capacity: number;
}

const S = 1000;
const M = 60 * S;
const rule = (limit: number, windowMs: number, burst?: number): RateRule => ({ limit, windowMs, capacity: burst ?? 1 });

/** Spec: Outbound marketplace rate limits, scope defaults. */
const SCOPE_DEFAULTS: Record<MpScope, RateRule> = {
  common: rule(3, 30 * S),
  content: rule(100, M),
  marketplace: rule(100, M),
  advert: rule(100, M),
  feedbacks: rule(100, M),
  analytics: rule(60, M),
  prices: rule(60, M),
  statistics: rule(60, M),
  'buyer-chat': rule(60, M),
  supplies: rule(60, M),
  returns: rule(60, M),
  documents: rule(60, M),
  finance: rule(60, M),
  'user-management': rule(5, S),
};

/**
 * Spec: exact `scope:path` overrides (canonical paths), with their bursts. `*` is every scope. A call defined in
 * endpoints/ is named by its definition.
 */
const OVERRIDES: Record<string, RateRule> = {
  [`*:${ping.path}`]: rule(3, 30 * S),
  'common:/api/v1/seller-info': rule(1, M),
  'common:/api/communications/v2/news': rule(1, M),
  // wb-tariffs.json getV1AcceptanceCoefficients and orders-fbw.json getV1Warehouses x-wb-rate-limits: 6 a minute, burst 6.
  [endpointKey(acceptanceCoefficients)]: rule(6, M, 6),
  [endpointKey(fbwWarehouses)]: rule(6, M, 6),
  // wb-tariffs.json x-wb-rate-limits of getV1TariffsBox and getV1TariffsPallet: 60 a minute, burst 5, each its own.
  [endpointKey(boxTariffs)]: rule(60, M, 5),
  [endpointKey(palletTariffs)]: rule(60, M, 5),
  [endpointKey(supplierOrders)]: rule(1, M, 10),
  [endpointKey(supplierSales)]: rule(1, M),
  [endpointKey(salesReportDetailed)]: rule(1, M),
  // financial-reports-and-accounting.json x-wb-rate-limits of postV1SalesReportsList, postV1SalesReportsDetailedReportId,
  // postV1AcquiringList, postV1AcquiringDetailedReportId and getV1AccountBalance: 1 a minute, burst 1, each its own.
  [endpointKey(salesReportsList)]: rule(1, M),
  [endpointKey(salesReportDetailsById)]: rule(1, M),
  [endpointKey(acquiringList)]: rule(1, M),
  [endpointKey(acquiringDetailsById)]: rule(1, M),
  [endpointKey(accountBalance)]: rule(1, M),
  // reports.json x-wb-rate-limits of getV1WarehouseRemains*: create 1 a minute, burst 5; status 1 per 5 s, burst 5;
  // download 1 a minute.
  [endpointKey(warehouseRemainsCreate)]: rule(1, M, 5),
  [endpointKey(warehouseRemainsStatus)]: rule(1, 5 * S, 5),
  [endpointKey(warehouseRemainsDownload)]: rule(1, M),
  // analytics.json x-wb-rate-limits of postV1StocksReportWbWarehouses: 3 a minute, burst 1.
  [endpointKey(stocksReport)]: rule(3, M),
  // work-with-products.json x-wb-rate-limits of the seller-warehouse calls: 300 a minute, burst 20, one bucket; the
  // stock write (sellerStocksUpdate, PUT) has the read's path, so its key, rule and bucket (reference 10.5).
  [endpointKey(sellerStocks)]: rule(300, M, 20),
  // analytics.json x-wb-rate-limits of postV3SalesFunnelProducts, postV3SalesFunnelProductsHistory and
  // postV2SearchReportProductSearchTexts: 3 a minute, burst 3, each its own.
  [endpointKey(salesFunnelProducts)]: rule(3, M, 3),
  [endpointKey(salesFunnelHistory)]: rule(3, M, 3),
  [endpointKey(searchTexts)]: rule(3, M, 3),
  // Reference 15.3: the Content-wide bucket, 1 min / 100 / 600 ms / 5, shared by cards/list and the subject characteristics.
  [endpointKey(cardsList)]: rule(100, M, 5),
  [endpointKey(priceUpload)]: rule(10, 6 * S),
  // work-with-products.json x-wb-rate-limits: cards/update 10 a minute, burst 5, its own (reference 15.1: outside the
  // Content-wide limit); cards/error/list 10 a minute, burst 5, with cards/limits; the media calls 100 a minute, burst
  // 5, one bucket (reference 15.4).
  [endpointKey(cardsUpdate)]: rule(10, M, 5),
  [endpointKey(cardsErrorList)]: rule(10, M, 5),
  [endpointKey(mediaSave)]: rule(100, M, 5),
  [endpointKey(fullstats)]: rule(1, 20 * S),
  // promotion.json x-wb-rate-limits of getV1Upd: 1 a second, burst 5.
  [endpointKey(adSpendHistory)]: rule(1, S, 5),
  // Reference 16.2: 20 a minute, a burst of 5.
  [endpointKey(bidsMin)]: rule(20, M, 5),
  // user-communication.json x-wb-rate-limits of getV1Feedback and getV1Question: 3 per second, burst 6.
  [endpointKey(feedbackById)]: rule(3, S, 6),
  [endpointKey(questionById)]: rule(3, S, 6),
  // orders-fbw.json x-wb-rate-limits of postV1Supplies, getV1SuppliesId, getV1SuppliesIdGoods: 30 a minute, burst 10
  // each (reference 11.4: whether they share one bucket is not stated, so each has its own).
  [endpointKey(fbwSupplies)]: rule(30, M, 10),
  [endpointKey(fbwSupply)]: rule(30, M, 10),
  [endpointKey(fbwSupplyGoods)]: rule(30, M, 10),
};

/**
 * Calls that take their tokens from another call's bucket, because the marketplace counts them together: the
 * work-with-products.json x-wb-rate-limits of the upload's goods (10 per 6 s) is one limit "for all methods in the
 * Prices and Discounts category", so they share the upload's bucket.
 */
const SHARED_BUCKETS: Record<string, string> = {
  [endpointKey(bufferGoods)]: priceUpload.path,
  [endpointKey(historyGoods)]: priceUpload.path,
  // Reference 15.3: the subject characteristics take their tokens from the Content-wide bucket of cards/list.
  [endpointKey(subjectCharcs)]: cardsList.path,
  // Reference 10.3: one bucket "for all seller warehouses methods".
  [endpointKey(sellerWarehouses)]: sellerStocks.path,
  // Reference 15.2: the card limits count with the error list; 15.4: one bucket for all media calls.
  'content:/content/v2/cards/limits': cardsErrorList.path,
  [endpointKey(mediaFile)]: mediaSave.path,
};

/** Path segments that are task ids (numbers, UUIDs, long hex) become {task_id}, so all tasks share a bucket. */
const TASK_ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24,})$/i;

/** The path a bucket is keyed by: no query, task ids replaced by {task_id}. */
export function canonicalPath(path: string): string {
  const bare = path.split('?')[0];
  return bare
    .split('/')
    .map((segment) => (TASK_ID_SEGMENT.test(segment) ? '{task_id}' : segment))
    .join('/');
}

/**
 * The outbound rules: an exact scope:path override first, otherwise the scope default. `timeScale` shrinks every
 * window (0.1 turns 10 per 6 s into 10 per 600 ms), for benchmarks against an emulator scaled alike.
 */
export class RateRules {
  constructor(private readonly timeScale = 1) {}

  /** The canonical path of the bucket a call takes its token from. */
  bucketPath(scope: MpScope, path: string): string {
    const canonical = canonicalPath(path);
    return SHARED_BUCKETS[`${scope}:${canonical}`] ?? canonical;
  }

  ruleFor(scope: MpScope, path: string): RateRule {
    const canonical = this.bucketPath(scope, path);
    const found = OVERRIDES[`${scope}:${canonical}`] ?? OVERRIDES[`*:${canonical}`] ?? SCOPE_DEFAULTS[scope];
    return this.timeScale === 1 ? found : { ...found, windowMs: found.windowMs * this.timeScale };
  }
}

/**
 * Buckets refill 2 % slower than the limit: a request leaves when its token is due, but network and scheduling
 * jitter can bring two arrivals closer than their tokens were; the margin keeps any window within the limit.
 */
const SPACING_MARGIN = 1.02;

/** The rate a bucket refills at, tokens per ms. */
export function tokensPerMs(rule: RateRule): number {
  return rule.limit / (rule.windowMs * SPACING_MARGIN);
}

/**
 * The least time between two calls of an endpoint that keeps to its limit over any window, whatever its burst allows:
 * a poll paced by it never waits for a token (`timeScale` as RateRules').
 */
export function callSpacingMs(timeScale: number, endpoint: { scope: MpScope; path: string }): number {
  return Math.ceil(1 / tokensPerMs(new RateRules(timeScale).ruleFor(endpoint.scope, endpoint.path)));
}

/** Refill time of one token: ceil(window / tokens); 60 s for 1 per 60 s feeds, 600 ms for prices uploads. */
export function refillMs(rule: RateRule): number {
  return Math.ceil(rule.windowMs / rule.limit);
}

/** Spec: Retries. max(MP_API_RATE_LIMIT_MAX_WAIT_MS, N × window + 5 s), N = 2 for 1 per window, else 1. */
export function ceilingMs(rule: RateRule, maxWaitMs: number): number {
  return Math.max(maxWaitMs, (rule.limit === 1 ? 2 : 1) * rule.windowMs + 5 * S);
}
