import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestApp } from './support/test-app';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { TestRoutesModule } from './support/test-routes.module';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: '200' }, extraImports: [TestRoutesModule] });
  auth = { authorization: `Bearer ${t.tokenFor()}` };
});
afterAll(() => t.close());

describe('error envelope', () => {
  it('400 VALIDATION_FAILED for an invalid body, and nothing is written', async () => {
    const response = await t.request({ method: 'POST', url: '/examples/items', headers: auth, payload: { name: '', price: 0 } });
    const body = expectErrorEnvelope(response, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(body.details)).toEqual({ name: ['isLength'], price: ['min'] });
    const list = await t.request({ method: 'GET', url: '/examples/items', headers: auth });
    expect(list.json().meta.total).toBe(0);
  });

  it('400 BAD_REQUEST for a body that is not JSON', async () => {
    const response = await t.request({ method: 'POST', url: '/examples/items', headers: { ...auth, 'content-type': 'application/json' }, payload: '{"name":' });
    const body = expectErrorEnvelope(response, 400, 'BAD_REQUEST');
    expect(body.message).toBe('Некорректный JSON в теле запроса');
  });

  it('401 UNAUTHORIZED without a token, with a garbage token, with alg none and with a foreign signature', async () => {
    const noneToken = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"u","role":"admin"}').toString('base64url')}.`;
    for (const authorization of [undefined, 'Bearer garbage', `Bearer ${noneToken}`, `Basic ${t.tokenFor()}`]) {
      const response = await t.request({ method: 'GET', url: '/examples/items', headers: authorization ? { authorization } : {} });
      expectErrorEnvelope(response, 401, 'UNAUTHORIZED');
    }
  });

  it('404 NOT_FOUND for an unknown route and for a missing resource', async () => {
    expectErrorEnvelope(await t.request({ method: 'GET', url: '/no-such-route' }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await t.request({ method: 'GET', url: '/examples/items/5b1f3c9e-8d2a-4e4b-9c1d-2f3a4b5c6d7e', headers: auth }), 404, 'NOT_FOUND');
  });

  it('413 PAYLOAD_TOO_LARGE for a JSON body over 100 KB', async () => {
    const response = await t.request({ method: 'POST', url: '/examples/items', headers: auth, payload: { name: 'x'.repeat(101 * 1024), price: 1 } });
    expectErrorEnvelope(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under 100 KB is accepted by the parser (and then validated)', async () => {
    const response = await t.request({ method: 'POST', url: '/examples/items', headers: auth, payload: { name: 'x'.repeat(99 * 1024), price: 1 } });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'name', errors: ['isLength'] }]);
  });

  it('500 INTERNAL_ERROR hides the cause', async () => {
    const response = await t.request({ method: 'GET', url: '/__test__/crash' });
    const body = expectErrorEnvelope(response, 500, 'INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body.details).toBeNull();
  });

  it('503 SERVICE_UNAVAILABLE with Retry-After 5 when a statement exceeds DB_STATEMENT_TIMEOUT_MS', async () => {
    const response = await t.request({ method: 'GET', url: '/__test__/slow-query' });
    expectErrorEnvelope(response, 503, 'SERVICE_UNAVAILABLE');
    expect(response.headers['retry-after']).toBe('5');
  });
});

describe('X-Request-Id', () => {
  it('reuses a safe client id as header and traceId', async () => {
    const response = await t.request({ method: 'GET', url: '/no-such-route', headers: { 'x-request-id': 'client-trace.42:a_b' } });
    expect(response.headers['x-request-id']).toBe('client-trace.42:a_b');
    expect(response.json().traceId).toBe('client-trace.42:a_b');
  });

  it('generates an id when none is sent, also on success', async () => {
    const response = await t.request({ method: 'GET', url: '/health/live' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replaces an unsafe or overlong id', async () => {
    for (const unsafe of ['bad id with spaces', '<script>', 'x'.repeat(129)]) {
      const response = await t.request({ method: 'GET', url: '/no-such-route', headers: { 'x-request-id': unsafe } });
      expect(response.headers['x-request-id']).not.toBe(unsafe);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.json().traceId).toBe(response.headers['x-request-id']);
    }
  });
});
