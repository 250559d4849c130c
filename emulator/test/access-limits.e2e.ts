import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { SCOPE_NAMES } from '../src/scopes';
import { call, createSeller, startEmulator } from './support';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

function expectProblem(response: { status: number; headers: Headers; json: Record<string, any> }, status: number, title: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.json).toMatchObject({ title, status, origin: 's2s-api-auth-catalog' });
  expect(Object.keys(response.json).sort()).toEqual([
    'code',
    'detail',
    'origin',
    'requestId',
    'status',
    'statusText',
    'timestamp',
    'title',
  ]);
}

describe('tokens and categories', () => {
  it('every scope answers /ping, with Moscow time, for a token carrying its category', async () => {
    const seller = await createSeller(emulator);
    for (const scope of SCOPE_NAMES) {
      const response = await call(emulator, seller.token, scope, '/ping');
      expect(response.status, scope).toBe(200);
      expect(response.json.Status).toBe('OK');
      expect(response.json.TS).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+03:00$/);
    }
  });

  it("/ping checks the category on a scope's host, and takes any valid token on common", async () => {
    const seller = await createSeller(emulator, { categories: ['prices'] });
    expect((await call(emulator, seller.token, 'common', '/ping')).status).toBe(200);
    expect((await call(emulator, seller.token, 'prices', '/ping')).status).toBe(200);
    expectProblem(await call(emulator, seller.token, 'content', '/ping'), 401, 'unauthorized');
  });

  it('answers 401 problem+json for a missing, malformed or unknown token', async () => {
    expectProblem(await call(emulator, null, 'common', '/ping'), 401, 'unauthorized');
    expectProblem(await call(emulator, 'not-a-token', 'common', '/ping'), 401, 'unauthorized');
    expectProblem(await call(emulator, 'aaa.bbb.ccc', 'common', '/ping'), 401, 'unauthorized');
  });

  it("answers 401 (not 403) when the token lacks the scope's category; accepts a Bearer prefix too", async () => {
    const seller = await createSeller(emulator, { categories: ['prices'] });
    const body = { settings: { cursor: { limit: 1 } } };
    expectProblem(
      await call(emulator, seller.token, 'content', '/content/v2/get/cards/list', { method: 'POST', body }),
      401,
      'unauthorized',
    );
    const content = (await (
      await fetch(`${emulator.url}/__emulator/sellers/${seller.sellerId}/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ categories: ['content'] }),
      })
    ).json()) as { token: string };
    expect((await call(emulator, content.token, 'content', '/content/v2/get/cards/list', { method: 'POST', body })).status).toBe(200);
    expect(
      (await call(emulator, `Bearer ${content.token}`, 'content', '/content/v2/get/cards/list', { method: 'POST', body })).status,
    ).toBe(200);
  });

  it("gives tokens the marketplace's JWT shape with the category mask and type marker", async () => {
    const seller = await createSeller(emulator, { categories: ['content', 'prices'], tokenType: 'service' });
    const payload = JSON.parse(Buffer.from(seller.token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ sid: seller.sellerId, s: (1 << 1) | (1 << 3), acc: 4 });
    expect(payload.for).toMatch(/^asid:/);
  });

  it('answers an unknown path with the path-not-found problem', async () => {
    const response = await call(emulator, null, 'content', '/no/such/path');
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ title: 'path not found', status: 404 });
  });
});

describe('rate limits', () => {
  it('counts down X-Ratelimit-Remaining and answers 429 with Retry, Limit and Reset past the burst (ping: 3 per 30 s)', async () => {
    const seller = await createSeller(emulator);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1)
      remaining.push((await call(emulator, seller.token, 'common', '/ping')).headers.get('x-ratelimit-remaining') ?? '');
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await call(emulator, seller.token, 'common', '/ping');
    expectProblem(limited, 429, 'too many requests');
    expect(limited.headers.get('x-ratelimit-remaining')).toBeNull();
    expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
    expect(Number(limited.headers.get('x-ratelimit-retry'))).toBe(10);
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBe(30);
  });

  it('keeps a bucket per token, scope and path', async () => {
    const [a, b] = await Promise.all([createSeller(emulator), createSeller(emulator)]);
    for (let i = 0; i < 3; i += 1) await call(emulator, a.token, 'common', '/ping');
    expect((await call(emulator, a.token, 'common', '/ping')).status).toBe(429);
    expect((await call(emulator, b.token, 'common', '/ping')).status).toBe(200);
    expect((await call(emulator, a.token, 'content', '/ping')).status).toBe(200);
    const cards = await call(emulator, a.token, 'content', '/content/v2/get/cards/list', { method: 'POST', body: { settings: {} } });
    expect(cards.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('uses the plain Base token row where the reference gives one (prices: burst 1)', async () => {
    const base = await createSeller(emulator, { tokenType: 'base' });
    // Prices has no routes yet beyond /ping, which has its own rule; the bucket table answers for the rest.
    const { limitFor } = await import('../src/limits');
    expect(limitFor('prices', '/api/v2/list/goods/filter', 'base')?.limit).toEqual({ periodMs: 3_600_000, limit: 4, burst: 1 });
    expect(limitFor('prices', '/api/v2/upload/task', 'personal')).toEqual({
      bucket: 'prices:prices',
      limit: { periodMs: 6000, limit: 10, burst: 5 },
    });
    expect(base.token).toBeTruthy();
  });

  it('can be switched off for throughput runs', async () => {
    const seller = await createSeller(emulator);
    await fetch(`${emulator.url}/__emulator/limits`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    try {
      for (let i = 0; i < 10; i += 1) expect((await call(emulator, seller.token, 'common', '/ping')).status).toBe(200);
    } finally {
      await fetch(`${emulator.url}/__emulator/limits`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      });
    }
  });

  it('scales every period for client benchmarks: 3 pings per 30 s become 3 per 300 ms', async () => {
    const seller = await createSeller(emulator);
    const limits = (body: unknown) =>
      fetch(`${emulator.url}/__emulator/limits`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await limits({ enabled: true, timeScale: 0 })).status).toBe(400);
    expect(await (await limits({ enabled: true, timeScale: 0.01 })).json()).toEqual({ enabled: true, timeScale: 0.01 });
    try {
      for (let i = 0; i < 3; i += 1) expect((await call(emulator, seller.token, 'common', '/ping')).status).toBe(200);
      expect((await call(emulator, seller.token, 'common', '/ping')).status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await call(emulator, seller.token, 'common', '/ping')).status).toBe(200);
    } finally {
      await limits({ enabled: true, timeScale: 1 });
    }
  });
});
