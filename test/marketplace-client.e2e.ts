import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { RateBuckets } from '../src/marketplace/client/rate-buckets';
import { canonicalPath, RateRules } from '../src/marketplace/client/rate-rules';
import { promotionCount } from '../src/marketplace/endpoints/advert';
import { ping } from '../src/marketplace/endpoints/common';
import { cardsList } from '../src/marketplace/endpoints/content';
import { feedbacksList, questionsList } from '../src/marketplace/endpoints/feedbacks';
import { salesReportDetailed } from '../src/marketplace/endpoints/finance';
import { priceUpload } from '../src/marketplace/endpoints/prices';
import { supplierOrders } from '../src/marketplace/endpoints/statistics';
import { sellerStocks, sellerWarehouses } from '../src/marketplace/endpoints/stock';
import {
  callFailure,
  callsOf,
  EmulatedAccount,
  emulatedAccount,
  injectFaults,
  RunningEmulator,
  startEmulator,
} from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';

const RETRY_BASE_MS = 100;
const UPLOAD = priceUpload.path;

/** Gaps between consecutive calls, ms. */
function gaps(calls: { atMs: number }[]): number[] {
  return calls.slice(1).map((call, index) => call.atMs - calls[index].atMs);
}

describe('marketplace client against the emulator', () => {
  let emulator: RunningEmulator;
  let t: TestApp;
  /** A second instance on the same Redis, as another process would be. */
  let replica: TestApp;
  let client: MarketplaceClient;
  let account: EmulatedAccount;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, limits: false });
    const env = { MP_API_BASE_URL: emulator.url, MP_API_RETRY_BASE_MS: String(RETRY_BASE_MS), MP_API_TIMEOUT_MS: '1500' };
    t = await startTestApp({ env });
    replica = await startTestApp({ env, shareWith: t });
    client = t.app.get(MarketplaceClient);
  });
  afterAll(async () => {
    await replica.close();
    await t.close();
    await emulator.close();
  });
  beforeEach(async () => {
    account = await emulatedAccount(t, emulator);
  });
  afterEach(() => {
    emulator.context.faults.clear();
    emulator.context.limits.enabled = false;
  });

  it('sends the account key as the marketplace expects it and returns the answer', async () => {
    const answer = await client.request<{ Status: string }>({
      accountId: account.accountId,
      scope: 'common',
      method: 'GET',
      path: ping.path,
    });
    expect(answer).toMatchObject({ status: 200, body: { Status: 'OK' }, attempts: 1 });
    expect(callsOf(emulator, account.sellerId, 'common')).toHaveLength(1);
  });

  it('retries 500 with the exponential pause and succeeds on the third attempt', async () => {
    injectFaults(emulator, [{ scope: 'content', status: 500, times: 2 }]);
    const answer = await client.request({
      accountId: account.accountId,
      scope: 'content',
      method: 'POST',
      path: cardsList.path,
      body: { settings: { cursor: { limit: 5 } } },
    });
    expect(answer.attempts).toBe(3);
    const calls = callsOf(emulator, account.sellerId, 'content');
    expect(calls.map((call) => call.status)).toEqual([500, 500, 200]);
    // base × 2^(n-1): 100 ms, then 200 ms, plus jitter; the content bucket itself spaces calls 600 ms apart.
    const [first, second] = gaps(calls);
    expect(first).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    expect(second).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS);
  });

  it('gives up after MP_API_RETRY_ATTEMPTS on 5xx with 502 MP_UNAVAILABLE', async () => {
    injectFaults(emulator, [{ scope: 'feedbacks', status: 503, times: 5 }]);
    const error = await callFailure(
      client.request({
        accountId: account.accountId,
        scope: 'feedbacks',
        method: 'GET',
        path: feedbacksList.path,
        query: { isAnswered: false, take: 10, skip: 0 },
      }),
    );
    expect(error).toMatchObject({
      code: 'MP_UNAVAILABLE',
      status: 502,
      curable: true,
      failure: { scope: 'feedbacks', path: feedbacksList.path, mpStatus: 503 },
    });
    expect(callsOf(emulator, account.sellerId, 'feedbacks')).toHaveLength(3);
  });

  it('retries a timeout and a reset connection', async () => {
    injectFaults(emulator, [
      { scope: 'advert', path: promotionCount.path, mode: 'hang', times: 1 },
      { scope: 'advert', path: promotionCount.path, mode: 'close', times: 1 },
    ]);
    const answer = await client.request({ accountId: account.accountId, scope: 'advert', method: 'GET', path: promotionCount.path });
    expect(answer).toMatchObject({ status: 200, attempts: 3 });
    expect(callsOf(emulator, account.sellerId, 'advert').map((call) => call.status)).toEqual([0, 0, 200]);
  });

  it('does not retry a body that runs over its explicit read budget', async () => {
    injectFaults(emulator, [{ scope: 'advert', path: promotionCount.path, mode: 'stall', times: 3 }]);
    const error = await callFailure(
      client.request({ accountId: account.accountId, scope: 'advert', method: 'GET', path: promotionCount.path, bodyTimeoutMs: 150 }),
    );
    expect(error).toMatchObject({ code: 'MP_UNAVAILABLE', curable: false, failure: { mpStatus: null } });
    expect(callsOf(emulator, account.sellerId, 'advert')).toHaveLength(1);
  });

  it.each([
    [401, 'MP_AUTH_FAILED'],
    [403, 'MP_AUTH_FAILED'],
    [404, 'MP_UNAVAILABLE'],
  ])('does not retry %i and answers 502 %s', async (status, code) => {
    injectFaults(emulator, [{ scope: 'feedbacks', status, times: 3 }]);
    const error = await callFailure(
      client.request({
        accountId: account.accountId,
        scope: 'feedbacks',
        method: 'GET',
        path: questionsList.path,
        query: { isAnswered: false, take: 1, skip: 0 },
      }),
    );
    expect(error).toMatchObject({ code, status: 502, curable: false, failure: { mpStatus: status } });
    expect(callsOf(emulator, account.sellerId, 'feedbacks')).toHaveLength(1);
  });

  it('a rejected key (the marketplace answers 401) maps to MP_AUTH_FAILED and never shows the key', async () => {
    const stranger = await emulatedAccount(t, emulator);
    emulator.context.sellers.clear();
    const error = await callFailure(client.request({ accountId: stranger.accountId, scope: 'common', method: 'GET', path: ping.path }));
    expect(error.code).toBe('MP_AUTH_FAILED');
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(stranger.token.slice(-12));
  });

  it('hands back the statuses a caller accepts, such as a rejected price upload', async () => {
    const answer = await client.request<{ error: boolean; errorText: string }>({
      accountId: account.accountId,
      scope: 'prices',
      method: 'POST',
      path: UPLOAD,
      body: { data: [{ nmID: 1, price: 0 }] },
      accept: [400],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(true);
  });

  it('429: retried after max(Retry, refill of one token, exponential), and the bucket is closed to every caller meanwhile', async () => {
    injectFaults(emulator, [{ scope: 'prices', path: UPLOAD, status: 429, times: 1 }]);
    const other = replica.app.get(MarketplaceClient);
    const body = { data: [{ nmID: emulator.context.sellers.get(account.sellerId)!.catalog.nmIdBase, price: 1000 }] };
    const first = client.request({ accountId: account.accountId, scope: 'prices', method: 'POST', path: UPLOAD, body });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = other.request({
      accountId: account.accountId,
      scope: 'prices',
      method: 'POST',
      path: UPLOAD,
      body: { data: [{ ...body.data[0], price: 1100 }] },
    });
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200]);
    const calls = callsOf(emulator, account.sellerId, 'prices', UPLOAD);
    expect(calls.map((call) => call.status)).toEqual([429, 200, 200]);
    // X-Ratelimit-Retry: 1 s; nobody called during it.
    expect(calls[1].atMs - calls[0].atMs).toBeGreaterThanOrEqual(950);
  });

  it('a token wait beyond the ceiling answers 429 with retryAfterSeconds and makes no call', async () => {
    const buckets = t.app.get(RateBuckets);
    await buckets.penalise({ accountId: account.accountId, scope: 'finance', path: salesReportDetailed.path }, Date.now() + 200_000);
    const error = await callFailure(
      client.request({
        accountId: account.accountId,
        scope: 'finance',
        method: 'POST',
        path: salesReportDetailed.path,
        body: {},
      }),
    );
    expect(error).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(199);
    expect(error.details).toMatchObject({ retryAfterSeconds: error.retryAfterSeconds });
    expect(callsOf(emulator, account.sellerId, 'finance')).toHaveLength(0);
  });

  it('rate headers narrow the bucket: Remaining 0 from a base token empties it', async () => {
    emulator.context.limits.enabled = true;
    const base = await emulatedAccount(t, emulator, { cards: 5, tokenType: 'base' });
    const buckets = t.app.get(RateBuckets);
    const orders = { accountId: base.accountId, scope: 'statistics', path: supplierOrders.path };
    const rule = new RateRules().ruleFor('statistics', orders.path);
    await client.request({
      accountId: base.accountId,
      scope: 'statistics',
      method: 'GET',
      path: orders.path,
      query: { dateFrom: new Date().toISOString().slice(0, 10) },
    });
    expect(callsOf(emulator, base.sellerId, 'statistics')).toHaveLength(1);
    const state = await buckets.inspect(orders, rule);
    // Our bucket alone would still hold 9 of its 10; the marketplace said none are left.
    expect(state.tokens).toBeLessThan(1);
    expect(state.lastHeaders).toMatchObject({ remaining: 0 });
  });

  it('overrides and canonical task paths share one bucket', async () => {
    const buckets = t.app.get(RateBuckets);
    const rules = new RateRules();
    const statusPath = (task: string) => `/api/v1/warehouse_remains/tasks/${task}/status`;
    const rule = rules.ruleFor('analytics', statusPath('11111111-2222-4333-8444-555555555555'));
    expect(rule).toEqual({ limit: 1, windowMs: 5000, capacity: 5 });
    const bucket = (task: string) => ({ accountId: account.accountId, scope: 'analytics', path: canonicalPath(statusPath(task)) });
    expect(bucket('987654').path).toBe('/api/v1/warehouse_remains/tasks/{task_id}/status');
    for (let burst = 0; burst < 5; burst += 1)
      expect(await buckets.take(bucket('11111111-2222-4333-8444-555555555555'), rule, 0)).toEqual({ reserved: true, waitMs: 0 });
    // Another task of the same account waits for the same bucket.
    const next = await buckets.take(bucket('987654'), rules.ruleFor('analytics', statusPath('987654')), 0);
    expect(next.reserved).toBe(false);
    expect(next.waitMs).toBeGreaterThan(4000);
    expect(rules.ruleFor('prices', priceUpload.path)).toEqual({ limit: 10, windowMs: 6000, capacity: 1 });
    expect(rules.ruleFor('statistics', supplierOrders.path)).toEqual({ limit: 1, windowMs: 60_000, capacity: 10 });
    expect(rules.ruleFor('content', ping.path)).toEqual({ limit: 3, windowMs: 30_000, capacity: 1 });
  });

  it('a 4xx of a seller-warehouse call costs 10 tokens of the bucket its list and stock calls share (reference 10.3)', async () => {
    const buckets = t.app.get(RateBuckets);
    const shared = { accountId: account.accountId, scope: 'marketplace', path: sellerStocks.path };
    const rule = new RateRules().ruleFor('marketplace', sellerStocks.path);
    injectFaults(emulator, [{ scope: 'marketplace', path: sellerWarehouses.path, status: 403, times: 1 }]);
    await expect(client.call(sellerWarehouses, { accountId: account.accountId })).rejects.toMatchObject({ code: 'MP_AUTH_FAILED' });
    const afterRefusal = (await buckets.inspect(shared, rule)).tokens;
    expect(afterRefusal).toBeGreaterThanOrEqual(10);
    expect(afterRefusal).toBeLessThan(10.5);
    await client.call(sellerWarehouses, { accountId: account.accountId });
    // A 2xx takes its one token only.
    expect((await buckets.inspect(shared, rule)).tokens).toBeLessThan(afterRefusal - 0.5);
    expect((await buckets.inspect(shared, rule)).tokens).toBeGreaterThanOrEqual(afterRefusal - 1);
    expect(callsOf(emulator, account.sellerId, 'marketplace').map((call) => call.status)).toEqual([403, 200]);
  });

  it('sandbox mode refuses a scope without a sandbox before any call: 502 MP_UNAVAILABLE naming the scope, not retried', async () => {
    const sandbox = await startTestApp({ env: { MP_API_USE_SANDBOX: 'true' }, shareWith: t });
    try {
      const error = await callFailure(
        sandbox.app.get(MarketplaceClient).request({
          accountId: account.accountId,
          scope: 'finance',
          method: 'POST',
          path: salesReportDetailed.path,
          body: {},
        }),
      );
      expect(error).toMatchObject({
        code: 'MP_UNAVAILABLE',
        status: 502,
        curable: false,
        failure: { scope: 'finance', path: salesReportDetailed.path, mpStatus: null },
      });
      expect(error.message).toContain('finance');
      expect(error.message).toContain('MP_API_USE_SANDBOX');
    } finally {
      await sandbox.close();
    }
  });
});
