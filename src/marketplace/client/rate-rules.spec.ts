import { describe, expect, it } from 'vitest';

import { MP_SCOPE_NAMES, MpScope } from '../../config/marketplace-scopes';
import { canonicalPath, ceilingMs, RateRules, refillMs } from './rate-rules';

const S = 1000;
const M = 60 * S;
const rules = new RateRules();

describe('outbound rate rules (spec: Outbound marketplace rate limits)', () => {
  it.each<[MpScope[], number, number]>([
    [['common'], 3, 30 * S],
    [['content', 'marketplace', 'advert', 'feedbacks'], 100, M],
    [['analytics', 'prices', 'statistics', 'buyer-chat', 'supplies', 'returns', 'documents', 'finance'], 60, M],
    [['user-management'], 5, S],
  ])('scope default of %j: %i per %i ms, no burst', (scopes, limit, windowMs) => {
    for (const scope of scopes) expect(rules.ruleFor(scope, '/some/other/path')).toEqual({ limit, windowMs, capacity: 1 });
  });

  it('every scope has a default', () => {
    for (const scope of MP_SCOPE_NAMES) expect(rules.ruleFor(scope, '/x').limit).toBeGreaterThan(0);
  });

  it.each<[MpScope, string, number, number, number]>([
    ['common', '/api/v1/seller-info', 1, M, 1],
    ['common', '/api/communications/v2/news', 1, M, 1],
    ['common', '/api/tariffs/v1/acceptance/coefficients', 6, M, 6],
    ['supplies', '/api/v1/warehouses', 6, M, 6],
    ['common', '/api/v1/tariffs/box', 60, M, 5],
    ['common', '/api/v1/tariffs/pallet', 60, M, 5],
    ['statistics', '/api/v1/supplier/orders', 1, M, 10],
    ['statistics', '/api/v1/supplier/sales', 1, M, 1],
    ['finance', '/api/finance/v1/sales-reports/detailed', 1, M, 1],
    ['analytics', '/api/v1/warehouse_remains', 1, M, 5],
    ['analytics', '/api/v1/warehouse_remains/tasks/7c1f0e2a-51d4-4f6b-9a55-2b8f3c7d9e10/status', 1, 5 * S, 5],
    ['analytics', '/api/v1/warehouse_remains/tasks/123456/download', 1, M, 1],
    ['analytics', '/api/analytics/v3/sales-funnel/products', 3, M, 3],
    ['analytics', '/api/analytics/v3/sales-funnel/products/history', 3, M, 3],
    ['analytics', '/api/v2/search-report/product/search-texts', 3, M, 3],
    ['analytics', '/api/analytics/v1/stocks-report/wb-warehouses', 3, M, 1],
    ['marketplace', '/api/v3/stocks/{warehouseId}', 300, M, 20],
    ['prices', '/api/v2/upload/task', 10, 6 * S, 1],
    ['content', '/content/v2/cards/update', 10, M, 5],
    ['content', '/content/v2/cards/error/list', 10, M, 5],
    ['content', '/content/v3/media/save', 100, M, 5],
    ['advert', '/adv/v3/fullstats', 1, 20 * S, 1],
    ['advert', '/api/advert/v1/bids/min', 20, M, 5],
    ['feedbacks', '/api/v1/feedback', 3, S, 6],
    ['feedbacks', '/api/v1/question', 3, S, 6],
    ['supplies', '/api/v1/supplies', 30, M, 10],
    ['supplies', '/api/v1/supplies/123456789', 30, M, 10],
    ['supplies', '/api/v1/supplies/987654321/goods', 30, M, 10],
  ])('override %s:%s: %i per %i ms, burst %i', (scope, path, limit, windowMs, capacity) => {
    expect(rules.ruleFor(scope, path)).toEqual({ limit, windowMs, capacity });
  });

  it("the goods of an upload, in the buffer and in the history, take their tokens from the upload's bucket", () => {
    for (const path of ['/api/v2/buffer/goods/task', '/api/v2/history/goods/task']) {
      expect(rules.bucketPath('prices', path)).toBe('/api/v2/upload/task');
      expect(rules.ruleFor('prices', path)).toEqual({ limit: 10, windowMs: 6 * S, capacity: 1 });
    }
    expect(rules.bucketPath('prices', '/api/v2/list/goods/filter')).toBe('/api/v2/list/goods/filter');
  });

  it('the seller warehouses list takes its tokens from the seller-warehouse stock bucket (reference 10.3)', () => {
    expect(rules.bucketPath('marketplace', '/api/v3/warehouses')).toBe('/api/v3/stocks/{warehouseId}');
    expect(rules.ruleFor('marketplace', '/api/v3/warehouses')).toEqual({ limit: 300, windowMs: M, capacity: 20 });
  });

  it('the card limits share the error list bucket, the file upload the media bucket; the update and the card list keep their own', () => {
    expect(rules.bucketPath('content', '/content/v2/cards/limits')).toBe('/content/v2/cards/error/list');
    expect(rules.ruleFor('content', '/content/v2/cards/limits')).toEqual({ limit: 10, windowMs: M, capacity: 5 });
    expect(rules.bucketPath('content', '/content/v3/media/file')).toBe('/content/v3/media/save');
    expect(rules.ruleFor('content', '/content/v3/media/file')).toEqual({ limit: 100, windowMs: M, capacity: 5 });
    expect(rules.bucketPath('content', '/content/v2/cards/update')).toBe('/content/v2/cards/update');
    expect(rules.bucketPath('content', '/content/v2/get/cards/list')).toBe('/content/v2/get/cards/list');
  });

  it('the subject characteristics of any subject take their tokens from the Content-wide bucket of the card list (reference 15.3)', () => {
    expect(rules.bucketPath('content', '/content/v2/object/charcs/105')).toBe('/content/v2/get/cards/list');
    expect(rules.ruleFor('content', '/content/v2/object/charcs/6191')).toEqual({ limit: 100, windowMs: M, capacity: 5 });
    expect(rules.ruleFor('content', '/content/v2/get/cards/list')).toEqual({ limit: 100, windowMs: M, capacity: 5 });
  });

  it('/ping is 3 per 30 s without burst in every scope', () => {
    for (const scope of MP_SCOPE_NAMES) expect(rules.ruleFor(scope, '/ping')).toEqual({ limit: 3, windowMs: 30 * S, capacity: 1 });
  });

  it('an override is exact: the same path in another scope takes that scope default', () => {
    expect(rules.ruleFor('content', '/api/v1/supplier/orders')).toEqual({ limit: 100, windowMs: M, capacity: 1 });
    expect(rules.ruleFor('statistics', '/api/v1/supplier/orders/extra')).toEqual({ limit: 60, windowMs: M, capacity: 1 });
  });

  it('task paths are canonicalised with {task_id} (numbers, UUIDs, long hex), and the query is dropped', () => {
    expect(canonicalPath('/api/v1/warehouse_remains/tasks/123456/status')).toBe('/api/v1/warehouse_remains/tasks/{task_id}/status');
    expect(canonicalPath('/api/v1/warehouse_remains/tasks/7c1f0e2a-51d4-4f6b-9a55-2b8f3c7d9e10/download')).toBe(
      '/api/v1/warehouse_remains/tasks/{task_id}/download',
    );
    expect(canonicalPath('/api/v1/tasks/5f8e3c2a1b9d4e7f6a5b4c3d/status?x=1')).toBe('/api/v1/tasks/{task_id}/status');
    expect(canonicalPath('/api/v2/upload/task')).toBe('/api/v2/upload/task');
    // Reference 11.5-11.6: every supply id shares its call's bucket.
    expect(canonicalPath('/api/v1/supplies/9223372036854775807/goods')).toBe('/api/v1/supplies/{task_id}/goods');
  });
});

describe('retry arithmetic (spec: Retries)', () => {
  it('refill time of one token is ceil(window / tokens): 60 s for 1 per 60 s feeds, 600 ms for prices uploads', () => {
    expect(refillMs(rules.ruleFor('statistics', '/api/v1/supplier/orders'))).toBe(60 * S);
    expect(refillMs(rules.ruleFor('prices', '/api/v2/upload/task'))).toBe(600);
    expect(refillMs(rules.ruleFor('common', '/ping'))).toBe(10 * S);
    expect(refillMs({ limit: 3, windowMs: 1000, capacity: 1 })).toBe(334);
  });

  it('ceiling is max(MP_API_RATE_LIMIT_MAX_WAIT_MS, N × window + 5 s), N = 2 for 1 per window, otherwise 1', () => {
    // 1 per 60 s: 2 × 60 s + 5 s.
    expect(ceilingMs(rules.ruleFor('statistics', '/api/v1/supplier/sales'), 30_000)).toBe(125 * S);
    // 1 per 20 s: 2 × 20 s + 5 s.
    expect(ceilingMs(rules.ruleFor('advert', '/adv/v3/fullstats'), 30_000)).toBe(45 * S);
    // 1 per 5 s: 15 s is below the 30 s floor.
    expect(ceilingMs(rules.ruleFor('analytics', '/api/v1/warehouse_remains/tasks/1/status'), 30_000)).toBe(30 * S);
    // 60 per 60 s: 1 × 60 s + 5 s.
    expect(ceilingMs(rules.ruleFor('prices', '/api/v2/list/goods/filter'), 30_000)).toBe(65 * S);
    // 10 per 6 s: 11 s is below the floor, which MP_API_RATE_LIMIT_MAX_WAIT_MS sets.
    expect(ceilingMs(rules.ruleFor('prices', '/api/v2/upload/task'), 30_000)).toBe(30 * S);
    expect(ceilingMs(rules.ruleFor('prices', '/api/v2/upload/task'), 90_000)).toBe(90 * S);
  });

  it('a time scale shrinks every window alike (benchmarks against a scaled emulator)', () => {
    expect(new RateRules(0.1).ruleFor('prices', '/api/v2/upload/task')).toEqual({ limit: 10, windowMs: 600, capacity: 1 });
  });
});
