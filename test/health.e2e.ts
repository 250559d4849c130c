import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope } from './support/envelope';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('service routes', () => {
  it('GET /health answers 200 when PostgreSQL and Redis answer, without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' }, schedules: [] });
  });

  it('GET /health/live answers 200', async () => {
    const response = await t.request({ method: 'GET', url: '/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /version gives the package version and the commit when known', async () => {
    const response = await t.request({ method: 'GET', url: '/version' });
    expect(response.statusCode).toBe(200);
    const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(response.json().version).toBe(version);
    expect(response.json()).toHaveProperty('commit');
  });

  it('GET /version reports APP_COMMIT when set', async () => {
    const other = await startTestApp({ shareWith: t, env: { APP_COMMIT: 'abc1234' } });
    try {
      expect((await other.request({ method: 'GET', url: '/version' })).json().commit).toBe('abc1234');
    } finally {
      await other.close();
    }
  });
});

describe('GET /health with Redis unreachable', () => {
  it('answers 503 in the error envelope naming Redis', async () => {
    const broken = await startTestApp({ shareWith: t, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const response = await broken.request({ method: 'GET', url: '/health' });
      const body = expectErrorEnvelope(response, 503, 'SERVICE_UNAVAILABLE');
      expect(body.message).toContain('Redis');
      expect(body.message).not.toContain('PostgreSQL');
      expect(body.details).toEqual({ checks: { database: 'up', redis: 'down' } });
    } finally {
      await broken.close();
    }
  });

  it('answers 503 naming PostgreSQL when the database is unreachable', async () => {
    const broken = await startTestApp({ shareWith: t, env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' } });
    try {
      const body = expectErrorEnvelope(await broken.request({ method: 'GET', url: '/health' }), 503, 'SERVICE_UNAVAILABLE');
      expect(body.details).toEqual({ checks: { database: 'down', redis: 'up' } });
    } finally {
      await broken.close();
    }
  });
});
