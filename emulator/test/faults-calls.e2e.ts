import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

let emulator: RunningEmulator;
let seller: EmulatorSeller;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator);
});
afterEach(() => fetch(`${emulator.url}/__emulator/faults`, { method: 'DELETE' }));
afterAll(() => emulator.close());

function addFaults(rules: Record<string, unknown>[]) {
  return fetch(`${emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
}

describe('fault injection', () => {
  it('answers status S for the next K calls of a scope and path, then normally', async () => {
    expect((await addFaults([{ scope: 'common', path: '/ping', status: 503, times: 2 }])).status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call(emulator, seller.token, 'common', '/ping')).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect((await call(emulator, seller.token, 'content', '/ping')).status).toBe(200);
  });

  it('answers an injected 429 with the rate headers and an injected 401 with the common problem body', async () => {
    await addFaults([
      { path: '/ping', status: 429, times: 1 },
      { path: '/ping', status: 401, times: 1 },
    ]);
    const limited = await call(emulator, seller.token, 'common', '/ping');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-retry')).toBe('1');
    const unauthorized = await call(emulator, seller.token, 'common', '/ping');
    expect(unauthorized.json).toMatchObject({ title: 'unauthorized', status: 401 });
  });

  it('applies a rule with probability 1 every time and with probability 0 never', async () => {
    await addFaults([
      { scope: 'prices', status: 500, probability: 0 },
      { scope: 'common', status: 502, probability: 1 },
    ]);
    expect((await call(emulator, seller.token, 'prices', '/ping')).status).toBe(200);
    expect((await call(emulator, seller.token, 'common', '/ping')).status).toBe(502);
    expect((await call(emulator, seller.token, 'common', '/ping')).status).toBe(502);
  });

  it('adds latency', async () => {
    await addFaults([{ path: '/ping', latencyMs: 300, times: 1 }]);
    const started = Date.now();
    expect((await call(emulator, seller.token, 'common', '/ping')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('hangs until the client gives up, closes the connection, or stalls the body', async () => {
    await addFaults([
      { path: '/ping', mode: 'hang', times: 1 },
      { path: '/ping', mode: 'close', times: 1 },
      { path: '/ping', mode: 'stall', times: 1 },
    ]);
    await expect(
      fetch(`${emulator.url}/common/ping`, { headers: { authorization: seller.token }, signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    await expect(fetch(`${emulator.url}/common/ping`, { headers: { authorization: seller.token } })).rejects.toThrow();
    const stalled = await fetch(`${emulator.url}/common/ping`, {
      headers: { authorization: seller.token },
      signal: AbortSignal.timeout(300),
    });
    expect(stalled.status).toBe(200);
    await expect(stalled.text()).rejects.toThrow();
  });

  it('drips an answer that never ends: a space every 100 ms after the start of an array, until the client goes away', async () => {
    await addFaults([{ path: '/ping', mode: 'drip', times: 1 }]);
    const controller = new AbortController();
    const response = await fetch(`${emulator.url}/common/ping`, { headers: { authorization: seller.token }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = '';
    const startedAt = Date.now();
    while (Date.now() - startedAt < 550) text += Buffer.from((await reader.read()).value!).toString('utf8');
    controller.abort();
    expect(text).toMatch(/^\[ {3,}$/);
  });
});

describe('call log', () => {
  it('records every call with time, seller, token id (never the token), scope, path and status', async () => {
    const other = await createSeller(emulator);
    await call(emulator, other.token, 'common', '/ping');
    await call(emulator, 'x.y.z', 'common', '/ping');
    const { calls } = (await (await fetch(`${emulator.url}/__emulator/calls?sellerId=${other.sellerId}`)).json()) as {
      calls: Record<string, unknown>[];
    };
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      sellerId: other.sellerId,
      scope: 'common',
      path: '/ping',
      method: 'GET',
      status: 200,
      tokenId: expect.any(String),
    });
    expect(JSON.stringify(calls)).not.toContain(other.token);
    const all = (
      (await (await fetch(`${emulator.url}/__emulator/calls?scope=common`)).json()) as {
        calls: { status: number; sellerId: string | null }[];
      }
    ).calls;
    expect(all.some((record: { status: number; sellerId: string | null }) => record.status === 401 && record.sellerId === null)).toBe(true);
  });

  it('reset forgets sellers, faults and calls', async () => {
    const temporary = await startEmulator();
    try {
      const someone = await createSeller(temporary);
      await call(temporary, someone.token, 'common', '/ping');
      expect((await fetch(`${temporary.url}/__emulator/reset`, { method: 'POST' })).status).toBe(204);
      expect((await call(temporary, someone.token, 'common', '/ping')).status).toBe(401);
      expect(
        ((await (await fetch(`${temporary.url}/__emulator/calls?sellerId=${someone.sellerId}`)).json()) as { calls: unknown[] }).calls,
      ).toHaveLength(0);
    } finally {
      await temporary.close();
    }
  });
});
