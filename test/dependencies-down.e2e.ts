import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { priceBulkJobs } from '../src/database/schema';
import { DatabaseProbeModule } from './support/database-probe.module';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertProducts } from './support/pricing-catalog';
import { startTestApp, TestApp } from './support/test-app';
import { TestRoutesModule } from './support/test-routes.module';

const CLOSED_PORT_DATABASE = 'postgres://postgres@127.0.0.1:1/none';
const CLOSED_PORT_REDIS = 'redis://127.0.0.1:1';

describe('PostgreSQL unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DATABASE_URL: CLOSED_PORT_DATABASE, DB_CONNECTION_TIMEOUT_MS: '500' } });
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/mp-accounts', undefined],
    ['GET', '/audit-logs', undefined],
    ['POST', '/auth/login', { email: 'a@example.com', password: 'whatever-1' }],
    ['POST', '/auth/register', { email: 'b@example.com', password: 'Secret-pass-1', displayName: 'Б' }],
  ])('%s %s answers 503 SERVICE_UNAVAILABLE with Retry-After', async (method, url, payload) => {
    const response = await t.request({
      method: method as 'GET',
      url,
      payload,
      headers: { authorization: `Bearer ${t.tokenFor('admin')}` },
    });
    expectErrorEnvelope(response, 503, 'SERVICE_UNAVAILABLE');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('PostgreSQL pool exhausted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '1', DB_CONNECTION_TIMEOUT_MS: '300' }, extraImports: [TestRoutesModule] });
  });
  afterAll(() => t.close());

  it('a request that gets no pooled connection within DB_CONNECTION_TIMEOUT_MS answers 503 with Retry-After', async () => {
    const holder = t.request({ method: 'GET', url: '/__test__/slow-query' });
    // The pool's one connection is taken once its query runs (on a busy machine, well after the request is sent).
    const observer = new Client({ connectionString: t.config.database.url });
    await observer.connect();
    await expect
      .poll(async () => {
        const { rows } = await observer.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query = 'select pg_sleep(2)'`,
        );
        return rows[0].n as number;
      })
      .toBe(1);
    await observer.end();
    const response = await t.request({ method: 'GET', url: '/mp-accounts', headers: { authorization: `Bearer ${t.tokenFor()}` } });
    expectErrorEnvelope(response, 503, 'SERVICE_UNAVAILABLE');
    expect(response.headers['retry-after']).toBe('5');
    expect((await holder).statusCode).toBe(200);
  });
});

describe('deadlocks and serialization failures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ extraImports: [DatabaseProbeModule] });
  });
  afterAll(() => t.close());

  async function attempt(
    path: string,
  ): Promise<{ statusCode: number; attempts: number; response: Awaited<ReturnType<TestApp['request']>> }> {
    expect((await t.request({ method: 'POST', url: '/__probe__/reset' })).statusCode).toBe(201);
    const response = await t.request({ method: 'POST', url: path });
    const { attempts } = (await t.request({ method: 'POST', url: '/__probe__/attempts' })).json();
    return { statusCode: response.statusCode, attempts, response };
  }

  it.each(['statement', 'transaction'])(
    'a %s aborted once by a deadlock or a serialization failure is retried and succeeds',
    async (kind) => {
      for (const code of ['40P01', '40001']) {
        const { statusCode, attempts } = await attempt(`/__probe__/${kind}/${code}/1`);
        expect(statusCode).toBe(201);
        expect(attempts).toBe(2);
      }
    },
  );

  it.each(['statement', 'transaction'])('a %s aborted twice answers 503 SERVICE_UNAVAILABLE after exactly one retry', async (kind) => {
    for (const code of ['40P01', '40001']) {
      const { response, attempts } = await attempt(`/__probe__/${kind}/${code}/5`);
      expectErrorEnvelope(response, 503, 'SERVICE_UNAVAILABLE');
      expect(response.headers['retry-after']).toBe('5');
      expect(attempts).toBe(2);
    }
  });
});

describe('Redis unreachable', () => {
  let t: TestApp;
  let seller: TestUser;
  let accountId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { REDIS_URL: CLOSED_PORT_REDIS } });
    seller = await createUser(t);
    accountId = await createAccount(t, seller.id);
    await insertProducts(t.app.get<Database>(DATABASE), accountId, [1]);
  });
  afterAll(() => t.close());

  it('routes that need only PostgreSQL keep serving', async () => {
    const response = await t.request({ method: 'GET', url: '/mp-accounts', headers: seller.auth });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a sync start answers 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    const response = await t.request({ method: 'POST', url: '/catalog/sync', headers: seller.auth, payload: { mpAccountId: accountId } });
    expectErrorEnvelope(response, 503, 'SERVICE_UNAVAILABLE');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a bulk price job answers 503 SERVICE_UNAVAILABLE and leaves no job behind', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/pricing/bulk',
      headers: seller.auth,
      payload: { mpAccountId: accountId, items: [{ nmID: 1, price: 100 }] },
    });
    expectErrorEnvelope(response, 503, 'SERVICE_UNAVAILABLE');
    expect(await t.app.get<Database>(DATABASE).select().from(priceBulkJobs)).toEqual([]);
  });
});
