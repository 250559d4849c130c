import Redis from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { RateBuckets } from '../src/marketplace/client/rate-buckets';
import { ping as pingEndpoint } from '../src/marketplace/endpoints/common';
import { goodsList, priceUpload } from '../src/marketplace/endpoints/prices';
import { supplierOrders } from '../src/marketplace/endpoints/statistics';
import { MetricsService } from '../src/metrics/metrics.service';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { captureLogs } from './support/log-capture';
import { callsOf, injectFaults, RunningEmulator, startEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';
import { TEST_REDIS_URL } from './support/test-env';

describe('account key check and outbound quota through HTTP', () => {
  let emulator: RunningEmulator;
  let t: TestApp;
  let owner: TestUser;
  const logs = captureLogs();

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    t = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, MP_API_RETRY_BASE_MS: '20' }, rootLogger: logs.rootLogger });
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });
  afterEach(() => emulator.context.faults.clear());

  /** An account of the owner holding a fresh emulator seller's token. */
  async function connected(): Promise<{ id: string; sellerId: string; token: string }> {
    const { seller, token } = emulator.context.sellers.create({ cards: 5 });
    const created = await t.request({
      method: 'POST',
      url: '/mp-accounts',
      headers: owner.auth,
      payload: { name: 'Кабинет', apiKey: token.token },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { id: created.json().id, sellerId: seller.id, token: token.token };
  }

  const check = (id: string, user: TestUser = owner) => t.request({ method: 'POST', url: `/mp-accounts/${id}/check`, headers: user.auth });

  it('a valid key: 200 {ok, checkedAt} after exactly one ping of the common scope', async () => {
    const account = await connected();
    const response = await check(account.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true, checkedAt: expect.any(String) });
    expect(Math.abs(Date.parse(response.json().checkedAt) - Date.now())).toBeLessThan(5000);
    expect(callsOf(emulator, account.sellerId).map((call) => `${call.scope} ${call.path} ${call.status}`)).toEqual(['common /ping 200']);
  });

  it('a key the marketplace rejects: 502 MP_AUTH_FAILED; the session is fine; the key is in neither the answer nor the log', async () => {
    const unknownKey = `eyJhbGciOiJFUzI1NiJ9.${'q'.repeat(80)}.not-a-marketplace-key`;
    const created = await t.request({
      method: 'POST',
      url: '/mp-accounts',
      headers: owner.auth,
      payload: { name: 'Чужой ключ', apiKey: unknownKey },
    });
    const response = await check(created.json().id);
    expectErrorEnvelope(response, 502, 'MP_AUTH_FAILED');
    expect(response.json().details).toMatchObject({ scope: 'common', path: pingEndpoint.path, mpStatus: 401 });
    expect(response.body).not.toContain(unknownKey.slice(-20));
    expect((await t.request({ method: 'GET', url: `/mp-accounts/${created.json().id}`, headers: owner.auth })).statusCode).toBe(200);
    const failureLine = logs.lines.find((line) => line.includes('marketplace call failed') && line.includes(created.json().id));
    expect(JSON.parse(failureLine!)).toMatchObject({
      scope: 'common',
      path: pingEndpoint.path,
      mpStatus: 401,
      attempt: 1,
      willRetry: false,
    });
    expect(JSON.parse(failureLine!)).toHaveProperty('mpRequestId');
    expect(logs.lines.join('\n')).not.toContain(unknownKey.slice(-20));
  });

  it('the marketplace down: 502 MP_UNAVAILABLE (one attempt here: pings refill every 10 s, retries are tested on the client)', async () => {
    const account = await connected();
    const once = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, MP_API_RETRY_ATTEMPTS: '1' }, shareWith: t });
    try {
      injectFaults(emulator, [{ scope: 'common', status: 503, times: 1 }]);
      const response = await once.request({ method: 'POST', url: `/mp-accounts/${account.id}/check`, headers: owner.auth });
      expectErrorEnvelope(response, 502, 'MP_UNAVAILABLE');
      expect(response.json().details).toMatchObject({ scope: 'common', path: pingEndpoint.path, mpStatus: 503 });
      expect(callsOf(emulator, account.sellerId)).toHaveLength(1);
    } finally {
      await once.close();
    }
  });

  it('a token wait over the ceiling: 429 with Retry-After and details.retryAfterSeconds, and no marketplace call', async () => {
    const account = await connected();
    await t.app.get(RateBuckets).penalise({ accountId: account.id, scope: 'common', path: pingEndpoint.path }, Date.now() + 120_000);
    const response = await check(account.id);
    expectErrorEnvelope(response, 429, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(119);
    expect(response.json().details).toMatchObject({ retryAfterSeconds: retryAfter });
    expect(callsOf(emulator, account.sellerId)).toHaveLength(0);
  });

  it('a foreign account is 404 for check and quota, and nothing reaches the marketplace', async () => {
    const account = await connected();
    const stranger = await createUser(t);
    expectErrorEnvelope(await check(account.id, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/mp-accounts/${account.id}/quota`, headers: stranger.auth }),
      404,
      'NOT_FOUND',
    );
    expect(callsOf(emulator, account.sellerId)).toHaveLength(0);
  });

  it('quota: every bucket of the service named in Russian, with capacity, tokens, refill, penalty and last headers; reading takes no token', async () => {
    const account = await connected();
    expect((await check(account.id)).statusCode).toBe(200);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const pingKey = `${t.config.redis.prefix}:mp:bucket:${account.id}:common:/ping`;
      const before = await redis.hgetall(pingKey);
      const response = await t.request({ method: 'GET', url: `/mp-accounts/${account.id}/quota`, headers: owner.auth });
      expect(response.statusCode, response.body).toBe(200);
      expect(await redis.hgetall(pingKey)).toEqual(before);
      const buckets = response.json().buckets as Record<string, unknown>[];
      const ping = buckets.find((bucket) => bucket.scope === 'common' && bucket.path === pingEndpoint.path);
      expect(ping).toMatchObject({ capacity: 1, penaltyUntil: null, lastHeaders: { remaining: 2, at: expect.any(String) } });
      expect(ping!.tokens as number).toBeLessThan(0.1);
      expect(ping!.refillPerSecond as number).toBeCloseTo(0.1, 2);
      expect(ping).toMatchObject({ label: 'Проверка подключения' });
      expect(buckets.find((bucket) => bucket.path === priceUpload.path)).toMatchObject({
        scope: 'prices',
        label: 'Цены: загрузка',
        capacity: 1,
        tokens: 1,
        lastHeaders: null,
      });
      expect(buckets.find((bucket) => bucket.path === supplierOrders.path)).toMatchObject({ capacity: 10, tokens: 10 });
      expect(buckets.find((bucket) => bucket.scope === 'feedbacks' && bucket.path === '/api/v1/questions')).toMatchObject({
        label: 'Вопросы: список; Вопросы: ответ',
      });
      expect(buckets.every((bucket) => typeof bucket.label === 'string')).toBe(true);
      expect(callsOf(emulator, account.sellerId)).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });

  it('metrics count calls, retries, 429s and token waits by scope', async () => {
    const account = await connected();
    injectFaults(emulator, [{ scope: 'prices', status: 429, times: 1 }]);
    const answer = await t.app
      .get(MarketplaceClient)
      .request({ accountId: account.id, scope: 'prices', method: 'GET', path: goodsList.path, query: { limit: 1 } });
    expect(answer.attempts).toBe(2);
    const text = await t.app.get(MetricsService).registry.metrics();
    expect(text).toMatch(/mp_calls_total\{scope="prices",status="2xx"\} [1-9]/);
    expect(text).toMatch(/mp_calls_total\{scope="prices",status="4xx"\} [1-9]/);
    expect(text).toMatch(/mp_rate_limited_total\{scope="prices"\} [1-9]/);
    expect(text).toMatch(/mp_retries_total\{scope="prices",reason="429"\} [1-9]/);
    expect(text).toMatch(/mp_token_wait_seconds_count\{scope="prices"\} [1-9]/);
  });

  it('sandbox mode (MP_API_USE_SANDBOX=true): the check answers 502 MP_UNAVAILABLE naming the common scope, which has no sandbox; nothing is sent', async () => {
    const account = await connected();
    // No MP_API_BASE_URL: sandbox mode decides the addresses.
    const sandbox = await startTestApp({ env: { MP_API_USE_SANDBOX: 'true' }, shareWith: t });
    try {
      const response = await sandbox.request({
        method: 'POST',
        url: `/mp-accounts/${account.id}/check`,
        headers: { ...owner.auth, 'x-request-id': 'sandbox-check-1' },
      });
      expectErrorEnvelope(response, 502, 'MP_UNAVAILABLE');
      expect(response.json().message).toMatch(/песочниц.*common/);
      expect(response.json()).toMatchObject({
        traceId: 'sandbox-check-1',
        details: { scope: 'common', path: pingEndpoint.path, mpStatus: null },
      });
      expect(response.body).not.toContain(account.token);
      // The quota reads buckets only: sandbox mode does not affect it.
      expect((await sandbox.request({ method: 'GET', url: `/mp-accounts/${account.id}/quota`, headers: owner.auth })).statusCode).toBe(200);
      expect(callsOf(emulator, account.sellerId)).toHaveLength(0);
    } finally {
      await sandbox.close();
    }
  });

  it('accounts made by the test helpers work with the client too', async () => {
    const { token, seller } = emulator.context.sellers.create({ cards: 1 });
    const id = await createAccount(t, owner.id, 'Из помощника', token.token);
    expect((await check(id)).statusCode).toBe(200);
    expect(callsOf(emulator, seller.id)).toHaveLength(1);
  });
});
