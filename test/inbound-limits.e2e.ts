import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { expectErrorEnvelope } from './support/envelope';
import { fakeWebBuild } from './support/fake-web-build';
import { startTestApp, TestApp } from './support/test-app';
import { TestRoutesModule } from './support/test-routes.module';

const env = {
  THROTTLE_ENABLED: 'true',
  THROTTLE_DEFAULT_LIMIT: '4',
  THROTTLE_DEFAULT_TTL_MS: '60000',
  THROTTLE_AUTH_LIMIT: '2',
  THROTTLE_AUTH_TTL_MS: '60000',
  THROTTLE_REFRESH_LIMIT: '2',
  THROTTLE_REFRESH_TTL_MS: '60000',
  THROTTLE_PUBLIC_IMAGES_LIMIT: '2',
  THROTTLE_PUBLIC_IMAGES_TTL_MS: '60000',
  TRUST_PROXY_HOPS: '1',
};

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await startTestApp({ env, extraImports: [TestRoutesModule] });
  second = await startTestApp({ env, extraImports: [TestRoutesModule], shareWith: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

function fromClient(app: TestApp, clientIp: string, url = '/version', method: 'GET' | 'POST' = 'GET') {
  // One trusted proxy: the client is the last address it appended to X-Forwarded-For.
  return app.request({ method, url, headers: { 'x-forwarded-for': `203.0.113.250, ${clientIp}` } });
}

describe('inbound limits', () => {
  it('two instances on one Redis share the general counter; the next request is 429 with Retry-After', async () => {
    const statuses = [];
    for (const app of [first, second, first, second]) statuses.push((await fromClient(app, '198.51.100.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);

    const refused = await fromClient(first, '198.51.100.1');
    const body = expectErrorEnvelope(refused, 429, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.details).toEqual({ retryAfterSeconds: retryAfter });
    expectErrorEnvelope(await fromClient(second, '198.51.100.1'), 429, 'TOO_MANY_REQUESTS');
  });

  it('counts each client IP from X-Forwarded-For separately', async () => {
    expect((await fromClient(second, '198.51.100.2')).statusCode).toBe(200);
  });

  it('applies the auth group on top of general, across instances', async () => {
    expect((await fromClient(first, '198.51.100.3', '/__test__/login-like', 'POST')).statusCode).toBe(200);
    expect((await fromClient(second, '198.51.100.3', '/__test__/login-like', 'POST')).statusCode).toBe(200);
    expectErrorEnvelope(await fromClient(first, '198.51.100.3', '/__test__/login-like', 'POST'), 429, 'TOO_MANY_REQUESTS');
    // The general group still has room for this client on other routes.
    expect((await fromClient(first, '198.51.100.3')).statusCode).toBe(200);
  });

  it('counts unknown paths, /api/docs, /metrics and the queue board in the general group (the API routes stay counted)', async () => {
    for (const url of ['/no-such-route', '/api/docs-json', '/metrics', '/admin/queues'])
      expect((await fromClient(first, '198.51.100.6', url)).statusCode, url).not.toBe(429);
    expectErrorEnvelope(await fromClient(second, '198.51.100.6'), 429, 'TOO_MANY_REQUESTS');
    expectErrorEnvelope(await fromClient(first, '198.51.100.6', '/no-such-route'), 429, 'TOO_MANY_REQUESTS');
    expectErrorEnvelope(await fromClient(first, '198.51.100.6', '/metrics'), 429, 'TOO_MANY_REQUESTS');
  });

  it('applies the refresh group (THROTTLE_REFRESH_*) to POST /auth/refresh on top of general', async () => {
    const refresh = () =>
      first.request({
        method: 'POST',
        url: '/auth/refresh',
        headers: { 'x-forwarded-for': '198.51.100.7' },
        payload: { refreshToken: 'x'.repeat(43) },
      });
    expectErrorEnvelope(await refresh(), 401, 'UNAUTHORIZED');
    expectErrorEnvelope(await refresh(), 401, 'UNAUTHORIZED');
    const refused = expectErrorEnvelope(await refresh(), 429, 'TOO_MANY_REQUESTS');
    expect((refused.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    // The general group still has room for this client on other routes.
    expect((await fromClient(first, '198.51.100.7')).statusCode).toBe(200);
  });

  it('applies the public images group (THROTTLE_PUBLIC_IMAGES_*) to GET /ab-test-images/:token on top of general', async () => {
    const image = () => fromClient(second, '198.51.100.40', '/ab-test-images/AAAAAAAAAAAAAAAAAAAAAA');
    expectErrorEnvelope(await image(), 404, 'NOT_FOUND');
    expectErrorEnvelope(await image(), 404, 'NOT_FOUND');
    expectErrorEnvelope(await image(), 429, 'TOO_MANY_REQUESTS');
    // The general group still has room for this client on other routes.
    expect((await fromClient(first, '198.51.100.40')).statusCode).toBe(200);
  });

  it("does not count the web app's own files: page loads from one office address leave the API its limit", async () => {
    const root = fakeWebBuild();
    const withApp = await startTestApp({ shareWith: first, env, webRoot: root });
    try {
      for (let load = 0; load < 5; load += 1)
        for (const url of [
          '/',
          '/app',
          '/app/accounts',
          '/app/assets/index-Ab12Cd34.js',
          '/app/favicon.svg',
          '/app/assets/gone-12345678.js',
        ])
          expect((await fromClient(withApp, '198.51.100.8', url)).statusCode, url).not.toBe(429);
      for (let i = 0; i < 4; i += 1) expect((await fromClient(withApp, '198.51.100.8')).statusCode).toBe(200);
      expectErrorEnvelope(await fromClient(withApp, '198.51.100.8'), 429, 'TOO_MANY_REQUESTS');
    } finally {
      await withApp.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('never limits the health probes', async () => {
    for (let i = 0; i < 6; i += 1) expect((await fromClient(first, '198.51.100.4', '/health/live')).statusCode).toBe(200);
  });

  it('is off in the test environment unless enabled', async () => {
    const quiet = await startTestApp({ shareWith: first, env: { THROTTLE_DEFAULT_LIMIT: '1' } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await fromClient(quiet, '198.51.100.5')).statusCode).toBe(200);
    } finally {
      await quiet.close();
    }
  });
});

describe('TRUST_PROXY_HOPS', () => {
  async function withHops(hops: string, run: (app: TestApp) => Promise<void>): Promise<void> {
    const app = await startTestApp({ shareWith: first, env: { ...env, TRUST_PROXY_HOPS: hops } });
    try {
      await run(app);
    } finally {
      await app.close();
    }
  }

  it("0: X-Forwarded-For is ignored, the connection's address is the client, a forged header cannot choose it", async () => {
    await withHops('0', async (app) => {
      const forged = (n: number) =>
        app.request({
          method: 'GET',
          url: '/version',
          remoteAddress: '192.0.2.10',
          headers: { 'x-forwarded-for': `198.51.100.${100 + n}` },
        });
      for (let i = 0; i < 4; i += 1) expect((await forged(i)).statusCode).toBe(200);
      expectErrorEnvelope(await forged(9), 429, 'TOO_MANY_REQUESTS');
      expect(
        (await app.request({ method: 'GET', url: '/version', remoteAddress: '192.0.2.11', headers: { 'x-forwarded-for': '192.0.2.10' } }))
          .statusCode,
      ).toBe(200);
    });
  });

  it('2: the client is the address the outer proxy appended; what the client sent before it is ignored', async () => {
    await withHops('2', async (app) => {
      // The client forges a first entry; the outer proxy appends the client, the inner one the outer proxy.
      const via = (forged: string, client: string) =>
        app.request({
          method: 'GET',
          url: '/version',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${forged}, ${client}, 10.0.0.1` },
        });
      for (let i = 0; i < 4; i += 1) expect((await via(`203.0.113.${i}`, '198.51.100.20')).statusCode).toBe(200);
      expectErrorEnvelope(await via('203.0.113.9', '198.51.100.20'), 429, 'TOO_MANY_REQUESTS');
      expect((await via('198.51.100.20', '198.51.100.21')).statusCode).toBe(200);
    });
  });
});

describe('docker-compose.yml', () => {
  it('publishes only a reverse proxy that sets X-Forwarded-For, and trusts exactly that one hop', () => {
    const compose = parse(readFileSync(join(__dirname, '..', 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { ports?: string[]; command?: string[]; environment?: Record<string, string> }>;
    };
    const published = Object.entries(compose.services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(compose.services.proxy.command?.join(' ')).toMatch(/^caddy reverse-proxy --from :\d+ --to api:3000$/);
    expect(compose.services.api.environment?.TRUST_PROXY_HOPS).toBe('${TRUST_PROXY_HOPS:-1}');
  });
});
