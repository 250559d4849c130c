import type { Scope, TokenType } from './scopes';

export interface Limit {
  periodMs: number;
  /** Requests per period, refilled evenly. */
  limit: number;
  /** Requests that may be sent back to back: the bucket's capacity. */
  burst: number;
}

interface LimitRule {
  scope: Scope | '*';
  /** Marketplace paths this rule covers; '*' is every path of the scope. */
  paths: string[] | '*';
  /** Calls of one bucket share it (e.g. all prices methods). */
  bucket: string;
  standard: Limit;
  /** The plain Base token row; Personal, Service and Base-with-secret share the standard row. */
  base?: Limit;
  /** A 4xx answer counts as this many requests (reference 10.3-10.5: 10). */
  clientErrorCost?: number;
}

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const limit = (periodMs: number, perPeriod: number, burst: number): Limit => ({ periodMs, limit: perPeriod, burst });

/** Reference 0.4, per-call limits (identical in the JUL and AUG snapshots). First matching rule wins. */
export const LIMIT_RULES: LimitRule[] = [
  { scope: '*', paths: ['/ping'], bucket: 'ping', standard: limit(30 * S, 3, 3) },
  // Reference 15.3: the Content-wide bucket, cards/list and the subject characteristics among it.
  {
    scope: 'content',
    paths: ['/content/v2/get/cards/list', '/content/v2/object/charcs/{subjectId}'],
    bucket: 'cards-list',
    standard: limit(M, 100, 5),
  },
  // Reference 15.1, 15.2, 15.4: the update its own; the error list with the card limits; all media calls one bucket.
  { scope: 'content', paths: ['/content/v2/cards/update'], bucket: 'cards-update', standard: limit(M, 10, 5) },
  {
    scope: 'content',
    paths: ['/content/v2/cards/error/list', '/content/v2/cards/limits'],
    bucket: 'cards-errors',
    standard: limit(M, 10, 5),
  },
  {
    scope: 'content',
    paths: ['/content/v3/media/save', '/content/v3/media/file'],
    bucket: 'media',
    standard: limit(M, 100, 5),
    base: limit(H, 2, 1),
  },
  { scope: 'prices', paths: '*', bucket: 'prices', standard: limit(6 * S, 10, 5), base: limit(H, 4, 1) },
  { scope: 'statistics', paths: ['/api/v1/supplier/orders'], bucket: 'orders', standard: limit(M, 1, 10), base: limit(3 * H, 1, 1) },
  { scope: 'statistics', paths: ['/api/v1/supplier/sales'], bucket: 'sales', standard: limit(M, 1, 1), base: limit(2 * H, 1, 1) },
  {
    scope: 'finance',
    paths: ['/api/finance/v1/sales-reports/detailed'],
    bucket: 'sales-reports-detailed',
    standard: limit(M, 1, 1),
    base: limit(24 * H, 2, 1),
  },
  // Reference 12.1-12.3: 1 a minute, burst 1, each call its own bucket; a Base token is refused (403), the balance
  // gives it 1 a day.
  { scope: 'finance', paths: ['/api/finance/v1/sales-reports/list'], bucket: 'sales-reports-list', standard: limit(M, 1, 1) },
  {
    scope: 'finance',
    paths: ['/api/finance/v1/sales-reports/detailed/{reportId}'],
    bucket: 'sales-report-by-id',
    standard: limit(M, 1, 1),
  },
  { scope: 'finance', paths: ['/api/finance/v1/acquiring/list'], bucket: 'acquiring-list', standard: limit(M, 1, 1) },
  { scope: 'finance', paths: ['/api/finance/v1/acquiring/detailed/{reportId}'], bucket: 'acquiring-by-id', standard: limit(M, 1, 1) },
  { scope: 'finance', paths: ['/api/v1/account/balance'], bucket: 'balance', standard: limit(M, 1, 1), base: limit(24 * H, 1, 1) },
  { scope: 'feedbacks', paths: '*', bucket: 'feedbacks', standard: limit(S, 3, 6), base: limit(H, 5, 1) },
  { scope: 'advert', paths: ['/adv/v1/promotion/count'], bucket: 'promotion-count', standard: limit(S, 5, 5), base: limit(H, 4, 1) },
  { scope: 'advert', paths: ['/api/advert/v2/adverts'], bucket: 'adverts', standard: limit(S, 5, 5), base: limit(H, 1, 1) },
  { scope: 'advert', paths: ['/adv/v3/fullstats'], bucket: 'fullstats', standard: limit(M, 3, 1), base: limit(H, 1, 1) },
  { scope: 'advert', paths: ['/api/advert/v1/bids'], bucket: 'bids', standard: limit(S, 5, 5), base: limit(H, 2, 1) },
  // Reference 16.2.
  { scope: 'advert', paths: ['/api/advert/v1/bids/min'], bucket: 'bids-min', standard: limit(M, 20, 5), base: limit(H, 5, 1) },
  { scope: 'advert', paths: ['/adv/v0/pause', '/adv/v0/start'], bucket: 'pause-start', standard: limit(S, 5, 5), base: limit(H, 5, 1) },
  // Reference 12.5.
  { scope: 'advert', paths: ['/adv/v1/upd'], bucket: 'upd', standard: limit(S, 1, 5), base: limit(H, 1, 1) },
  { scope: 'advert', paths: ['/adv/v1/budget'], bucket: 'budget', standard: limit(S, 4, 4), base: limit(H, 4, 1) },
  // Reference 11.4-11.6: 30 a minute, burst 10 (Base 2 an hour); one bucket per call, as the reference does not say they share one.
  { scope: 'supplies', paths: ['/api/v1/supplies'], bucket: 'supplies-list', standard: limit(M, 30, 10), base: limit(H, 2, 1) },
  { scope: 'supplies', paths: ['/api/v1/supplies/{ID}'], bucket: 'supply', standard: limit(M, 30, 10), base: limit(H, 2, 1) },
  { scope: 'supplies', paths: ['/api/v1/supplies/{ID}/goods'], bucket: 'supply-goods', standard: limit(M, 30, 10), base: limit(H, 2, 1) },
  // Reference 10.1-10.4.
  { scope: 'analytics', paths: ['/api/analytics/v1/stocks-report/wb-warehouses'], bucket: 'stocks-report', standard: limit(M, 3, 1) },
  // analytics.json x-wb-rate-limits of postV3SalesFunnelProducts, postV3SalesFunnelProductsHistory and
  // postV2SearchReportProductSearchTexts: 3 a minute, burst 3 (Base 2 an hour, search texts 1); one bucket per call, as
  // the file does not say they share one.
  {
    scope: 'analytics',
    paths: ['/api/analytics/v3/sales-funnel/products'],
    bucket: 'funnel-products',
    standard: limit(M, 3, 3),
    base: limit(H, 2, 1),
  },
  {
    scope: 'analytics',
    paths: ['/api/analytics/v3/sales-funnel/products/history'],
    bucket: 'funnel-history',
    standard: limit(M, 3, 3),
    base: limit(H, 2, 1),
  },
  {
    scope: 'analytics',
    paths: ['/api/v2/search-report/product/search-texts'],
    bucket: 'search-texts',
    standard: limit(M, 3, 3),
    base: limit(H, 1, 1),
  },
  { scope: 'analytics', paths: ['/api/v1/warehouse_remains'], bucket: 'remains', standard: limit(M, 1, 5), base: limit(H, 4, 1) },
  {
    scope: 'analytics',
    paths: ['/api/v1/warehouse_remains/tasks/{task_id}/status'],
    bucket: 'remains-status',
    standard: limit(5 * S, 1, 5),
    base: limit(H, 4, 1),
  },
  {
    scope: 'analytics',
    paths: ['/api/v1/warehouse_remains/tasks/{task_id}/download'],
    bucket: 'remains-download',
    standard: limit(M, 1, 1),
    base: limit(H, 4, 1),
  },
  {
    scope: 'marketplace',
    paths: ['/api/v3/warehouses', '/api/v3/stocks/{warehouseId}'],
    bucket: 'seller-stocks',
    standard: limit(M, 300, 20),
    clientErrorCost: 10,
  },
  // Reference 11.1 and 11.3.
  {
    scope: 'common',
    paths: ['/api/tariffs/v1/acceptance/coefficients'],
    bucket: 'acceptance-coefficients',
    standard: limit(M, 6, 6),
    base: limit(H, 1, 1),
  },
  // Reference 11.7: 60 a minute, burst 5, each call its own bucket (Base 1 an hour).
  { scope: 'common', paths: ['/api/v1/tariffs/box'], bucket: 'tariffs-box', standard: limit(M, 60, 5), base: limit(H, 1, 1) },
  { scope: 'common', paths: ['/api/v1/tariffs/pallet'], bucket: 'tariffs-pallet', standard: limit(M, 60, 5), base: limit(H, 1, 1) },
  { scope: 'supplies', paths: ['/api/v1/warehouses'], bucket: 'fbw-warehouses', standard: limit(M, 6, 6), base: limit(12 * H, 1, 1) },
];

/** The bucket and limit of a call, or null when the reference gives none (then the call is not limited). */
export function limitFor(
  scope: Scope,
  path: string,
  tokenType: TokenType,
): { bucket: string; limit: Limit; clientErrorCost?: number } | null {
  const rule = LIMIT_RULES.find(
    (candidate) => (candidate.scope === '*' || candidate.scope === scope) && (candidate.paths === '*' || candidate.paths.includes(path)),
  );
  if (!rule) return null;
  return {
    bucket: `${scope}:${rule.bucket}`,
    limit: tokenType === 'base' && rule.base ? rule.base : rule.standard,
    clientErrorCost: rule.clientErrorCost,
  };
}
