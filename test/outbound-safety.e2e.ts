import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../src/config/app-config';
import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { ping } from '../src/marketplace/endpoints/common';
import { createAccount, createUser } from './support/identity';
import { callFailure, callsOf, emulatedAccount, injectFaults, RunningEmulator, startEmulator } from './support/marketplace';
import { strongProductionEnv } from './support/production-env';
import { startTestApp, TestApp } from './support/test-app';

const MAX_BODY_BYTES = 4096;

/** A plain HTTP server standing in for the marketplace or for the target of a redirect; counts its requests. */
async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((request, response) => {
    hits += 1;
    handler!(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits: () => hits };
}

let emulator: RunningEmulator;
let t: TestApp;
let client: MarketplaceClient;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false });
  t = await startTestApp({
    env: {
      MP_API_BASE_URL: emulator.url,
      MP_API_RETRY_BASE_MS: '50',
      MP_API_TIMEOUT_MS: '5000',
      MP_API_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    },
  });
  client = t.app.get(MarketplaceClient);
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

describe('outbound marketplace calls', () => {
  it('follow no redirect: the 3xx is a failed call, the key never reaches the target, no retry', async () => {
    const target = await listen((_request, response) => response.end('{}'));
    try {
      const account = await emulatedAccount(t, emulator);
      injectFaults(emulator, [
        { scope: 'common', path: ping.path, status: 302, headers: { location: `${target.url}/ping` }, body: '', times: 1 },
      ]);
      const error = await callFailure(client.request({ accountId: account.accountId, scope: 'common', method: 'GET', path: ping.path }));
      expect(error.code).toBe('MP_UNAVAILABLE');
      expect(error.failure.mpStatus).toBe(302);
      expect(target.hits()).toBe(0);
      expect(callsOf(emulator, account.sellerId, 'common', ping.path)).toHaveLength(1);
    } finally {
      target.server.close();
    }
  });

  it('read at most MP_API_MAX_BODY_BYTES: a larger answer is MP_UNAVAILABLE and not retried; a smaller one is read', async () => {
    const account = await emulatedAccount(t, emulator);
    expect((await client.request({ accountId: account.accountId, scope: 'common', method: 'GET', path: ping.path })).status).toBe(200);
    injectFaults(emulator, [{ scope: 'common', path: ping.path, status: 200, body: { data: 'x'.repeat(MAX_BODY_BYTES) }, times: 1 }]);
    const error = await callFailure(client.request({ accountId: account.accountId, scope: 'common', method: 'GET', path: ping.path }));
    expect(error.code).toBe('MP_UNAVAILABLE');
    expect(error.message).toContain('слишком большой');
    expect(callsOf(emulator, account.sellerId, 'common', ping.path)).toHaveLength(2);
  });

  it('stop reading an endless body at the bound instead of buffering it until the timeout', async () => {
    const endless = await listen((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024, 'x');
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
    });
    const app = await startTestApp({
      shareWith: t,
      env: { MP_API_BASE_URL: endless.url, MP_API_TIMEOUT_MS: '20000', MP_API_MAX_BODY_BYTES: String(MAX_BODY_BYTES) },
    });
    try {
      const owner = await createUser(app);
      const accountId = await createAccount(app, owner.id);
      const error = await callFailure(
        app.app.get(MarketplaceClient).request({ accountId, scope: 'common', method: 'GET', path: ping.path }),
      );
      expect(error.message).toContain('слишком большой');
      expect(endless.hits()).toBe(1);
    } finally {
      await app.close();
      endless.server.close();
    }
  });

  it('production refuses a plain http:// marketplace address at start', () => {
    expect(() => loadConfig({ ...strongProductionEnv(), MP_API_BASE_URL: 'http://marketplace.example' })).toThrow(/MP_API_BASE_URL/);
    expect(() => loadConfig({ ...strongProductionEnv(), MP_PRICES_API_URL: 'http://prices.example' })).toThrow(/MP_PRICES_API_URL/);
    expect(loadConfig({ ...strongProductionEnv(), MP_API_BASE_URL: 'https://marketplace.example' }).marketplace.baseUrl).toBe(
      'https://marketplace.example',
    );
    expect(loadConfig({ NODE_ENV: 'development', MP_API_BASE_URL: 'http://127.0.0.1:3100' }).marketplace.baseUrl).toBe(
      'http://127.0.0.1:3100',
    );
  });
});
