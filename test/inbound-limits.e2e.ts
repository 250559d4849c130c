import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope } from './support/envelope';
import { startTestApp, TestApp } from './support/test-app';
import { TestRoutesModule } from './support/test-routes.module';

const env = {
  THROTTLE_ENABLED: 'true',
  THROTTLE_DEFAULT_LIMIT: '4',
  THROTTLE_DEFAULT_TTL_MS: '60000',
  THROTTLE_AUTH_LIMIT: '2',
  THROTTLE_AUTH_TTL_MS: '60000',
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
