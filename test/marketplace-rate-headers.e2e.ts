import Redis from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { sellerWarehousesOf } from '../emulator/src/generator/stock';
import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../src/marketplace/client/marketplace-errors';
import { BucketId, RateBuckets } from '../src/marketplace/client/rate-buckets';
import { RateRules, tokensPerMs } from '../src/marketplace/client/rate-rules';
import { ping } from '../src/marketplace/endpoints/common';
import { cardsList } from '../src/marketplace/endpoints/content';
import { priceUpload } from '../src/marketplace/endpoints/prices';
import { supplierOrders } from '../src/marketplace/endpoints/statistics';
import { sellerStocks } from '../src/marketplace/endpoints/stock';
import { callsOf, emulatedAccount, injectFaults, RunningEmulator, startEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';
import { TEST_REDIS_URL } from './support/test-env';

const rules = new RateRules();
const ORDERS = supplierOrders.path;
const UPLOAD = priceUpload.path;

describe('rate headers narrow a bucket for one window (spec: Outbound marketplace rate limits)', () => {
  let redis: Redis;
  let buckets: RateBuckets;
  const prefix = `trateheaders${Date.now()}`;
  let n = 0;
  /** A fresh bucket of its own per test. */
  const fresh = (scope: string, path: string): BucketId => ({ accountId: `account-${(n += 1)}`, scope, path });
  const T0 = 1_800_000_000_000;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
    buckets = new RateBuckets(redis, prefix);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('Limit lowers the burst for one window, then the rule burst holds again (orders: 10 → 1 → 10)', async () => {
    const orders = fresh('statistics', ORDERS);
    const rule = rules.ruleFor('statistics', ORDERS);
    await buckets.narrow(orders, rule, { limit: 1 }, T0);
    expect((await buckets.inspect(orders, rule, T0 + 1000)).capacity).toBe(1);
    expect(await buckets.take(orders, rule, 0, T0 + 1000)).toEqual({ reserved: true, waitMs: 0 });
    expect((await buckets.take(orders, rule, 0, T0 + 1000)).reserved).toBe(false);
    // One window later the burst is 10 again, and refills up to it (one token a minute).
    expect((await buckets.inspect(orders, rule, T0 + 60_001)).capacity).toBe(10);
    const later = T0 + 60_001 + 11 * 60_000;
    expect((await buckets.inspect(orders, rule, later)).tokens).toBe(10);
    for (let call = 0; call < 10; call += 1) expect((await buckets.take(orders, rule, 0, later)).reserved).toBe(true);
    expect((await buckets.take(orders, rule, 0, later)).reserved).toBe(false);
  });

  it('a Limit seen again within the window renews the narrowing', async () => {
    const orders = fresh('statistics', ORDERS);
    const rule = rules.ruleFor('statistics', ORDERS);
    await buckets.narrow(orders, rule, { limit: 2 }, T0);
    await buckets.narrow(orders, rule, { limit: 4 }, T0 + 50_000);
    expect((await buckets.inspect(orders, rule, T0 + 100_000)).capacity).toBe(2);
    expect((await buckets.inspect(orders, rule, T0 + 110_001)).capacity).toBe(10);
  });

  it('Remaining 0 without a reset header, while the bucket still counted a token, closes it until its window ends', async () => {
    const cards = fresh('content', cardsList.path);
    const rule = rules.ruleFor('content', cards.path);
    await buckets.narrow(cards, rule, { remaining: 0 }, T0);
    expect((await buckets.inspect(cards, rule, T0 + 30_000)).penaltyUntil).toBe(new Date(T0 + 60_000).toISOString());
    expect(await buckets.take(cards, rule, 0, T0 + 30_000)).toEqual({ reserved: false, waitMs: 30_000 });
    expect(await buckets.take(cards, rule, 0, T0 + 60_000)).toEqual({ reserved: true, waitMs: 0 });
  });

  it('Remaining 0 the bucket’s own count agrees with (its burst used up) leaves it empty, refilling at the rule’s pace', async () => {
    const stocks = fresh('marketplace', '/api/v3/stocks/{warehouseId}');
    const rule = rules.ruleFor('marketplace', stocks.path);
    for (let call = 0; call < rule.capacity; call += 1) expect((await buckets.take(stocks, rule, 0, T0)).reserved).toBe(true);
    await buckets.narrow(stocks, rule, { remaining: 0 }, T0);
    expect((await buckets.inspect(stocks, rule, T0)).penaltyUntil).toBeNull();
    const refill = Math.ceil(1 / tokensPerMs(rule));
    expect(refill).toBeLessThan(rule.windowMs / 100);
    expect(await buckets.take(stocks, rule, 0, T0 + refill)).toEqual({ reserved: true, waitMs: 0 });
  });

  it('callers queued while the bucket is closed leave one refill apart after it reopens, not together', async () => {
    const upload = fresh('prices', UPLOAD);
    const rule = rules.ruleFor('prices', UPLOAD);
    await buckets.narrow(upload, rule, { remaining: 0 }, T0);
    const waits: number[] = [];
    for (let caller = 0; caller < 4; caller += 1) waits.push((await buckets.take(upload, rule, 60_000, T0 + 1000)).waitMs);
    // Reopens at T0 + 6 s; one token every 612 ms (10 per 6 s, 2 % spare).
    expect(waits).toEqual([5000, 5612, 6224, 6836]);
  });

  it('Remaining 0 with a reset header closes the bucket until the reset', async () => {
    const cards = fresh('content', cardsList.path);
    const rule = rules.ruleFor('content', cards.path);
    await buckets.narrow(cards, rule, { remaining: 0, resetSec: 5 }, T0);
    expect((await buckets.inspect(cards, rule, T0)).penaltyUntil).toBe(new Date(T0 + 5000).toISOString());
    expect(await buckets.take(cards, rule, 0, T0 + 5000)).toEqual({ reserved: true, waitMs: 0 });
  });

  it('headers only narrow: Remaining lowers the tokens, a larger Remaining or Limit changes nothing', async () => {
    const orders = fresh('statistics', ORDERS);
    const rule = rules.ruleFor('statistics', ORDERS);
    await buckets.narrow(orders, rule, { remaining: 50, limit: 50 }, T0);
    expect(await buckets.inspect(orders, rule, T0)).toMatchObject({ capacity: 10, tokens: 10, penaltyUntil: null });
    await buckets.narrow(orders, rule, { remaining: 2 }, T0);
    expect(await buckets.inspect(orders, rule, T0)).toMatchObject({ capacity: 10, tokens: 2 });
  });
});

describe('rate headers and 429s through the client and the emulator', () => {
  let emulator: RunningEmulator;
  let t: TestApp;
  let once: TestApp;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, limits: false });
    t = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, MP_API_RETRY_BASE_MS: '20' } });
    once = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, MP_API_RETRY_ATTEMPTS: '1' }, shareWith: t });
  });
  afterAll(async () => {
    await once.close();
    await t.close();
    await emulator.close();
  });
  afterEach(() => {
    emulator.context.faults.clear();
    emulator.context.limits.enabled = false;
  });

  it('one 429 (X-Ratelimit-Limit: 1) narrows the orders burst of 10 for one window only', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 1 });
    injectFaults(emulator, [{ scope: 'statistics', path: ORDERS, status: 429, times: 1 }]);
    const call = once.app
      .get(MarketplaceClient)
      .request({ accountId: account.accountId, scope: 'statistics', method: 'GET', path: ORDERS, query: { dateFrom: '2026-01-01' } });
    await expect(call).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const orders = { accountId: account.accountId, scope: 'statistics', path: ORDERS };
    const rule = rules.ruleFor('statistics', ORDERS);
    const buckets = t.app.get(RateBuckets);
    expect((await buckets.inspect(orders, rule)).capacity).toBe(1);
    expect((await buckets.inspect(orders, rule, Date.now() + 61_000)).capacity).toBe(10);
  });

  it('a burst used up on both sides (Remaining 0 on its last call) does not stall the next call for a window', async () => {
    emulator.context.limits.enabled = true;
    const account = await emulatedAccount(t, emulator, { cards: 1 });
    const warehouseId = sellerWarehousesOf(emulator.context.sellers.get(account.sellerId)!.catalog)[0].id;
    const rule = rules.ruleFor(sellerStocks.scope, sellerStocks.path);
    const client = t.app.get(MarketplaceClient);
    for (let call = 0; call <= rule.capacity; call += 1)
      await client.call(sellerStocks, { accountId: account.accountId, onLongWait: 'delay-job' }, { warehouseId, chrtIds: [1] });
    const calls = callsOf(emulator, account.sellerId, sellerStocks.scope);
    expect(calls.map((call) => call.status)).toEqual(Array.from({ length: rule.capacity + 1 }, () => 200));
    // The burst's last answer says Remaining 0; the call after it goes one interval later, not a window.
    expect(calls[rule.capacity].atMs - calls[rule.capacity - 1].atMs).toBeLessThan(rule.windowMs / 10);
    const state = await t.app
      .get(RateBuckets)
      .inspect({ accountId: account.accountId, scope: sellerStocks.scope, path: sellerStocks.path }, rule);
    expect(state.penaltyUntil).toBeNull();
  });

  it('429s use up every attempt: each retry waits max(Retry, refill of one token, exponential), then 429 TOO_MANY_REQUESTS', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 1 });
    injectFaults(emulator, [{ scope: 'prices', path: UPLOAD, status: 429, times: 3 }]);
    const started = Date.now();
    const error = await t.app
      .get(MarketplaceClient)
      .request({ accountId: account.accountId, scope: 'prices', method: 'POST', path: UPLOAD, body: { data: [{ nmID: 1, price: 1000 }] } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MarketplaceCallError);
    // X-Ratelimit-Retry: 1 s beats the 600 ms refill and the 20/40 ms exponential pause.
    expect(error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      retryAfterSeconds: 1,
      details: { scope: 'prices', path: UPLOAD, mpStatus: 429, retryAfterSeconds: 1 },
    });
    const calls = callsOf(emulator, account.sellerId, 'prices', UPLOAD);
    expect(calls.map((call) => call.status)).toEqual([429, 429, 429]);
    for (const [index, call] of calls.slice(1).entries()) expect(call.atMs - calls[index].atMs).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The last 429 closed the bucket too: nobody else runs into the same wall.
    const state = await t.app
      .get(RateBuckets)
      .inspect({ accountId: account.accountId, scope: 'prices', path: UPLOAD }, rules.ruleFor('prices', UPLOAD));
    expect(state.penaltyUntil).not.toBeNull();
  });

  it('a call without an account (a key only) uses the global bucket of its scope and path', async () => {
    const { seller, token } = emulator.context.sellers.create({ cards: 1 });
    await t.app.get(MarketplaceClient).request({ apiKey: token.token, scope: 'common', method: 'GET', path: ping.path });
    expect(callsOf(emulator, seller.id, 'common')).toHaveLength(1);
    const buckets = t.app.get(RateBuckets);
    expect(await buckets.used(null)).toContainEqual({ scope: 'common', path: ping.path });
    const global = await buckets.inspect({ accountId: null, scope: 'common', path: ping.path }, rules.ruleFor('common', ping.path));
    expect(global.tokens).toBeLessThan(1);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.exists(`${t.config.redis.prefix}:mp:bucket:global:common:/ping`)).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});
