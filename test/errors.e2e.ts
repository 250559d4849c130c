import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { ExamplesTestModule } from './support/examples-test.module';
import { rawGet, rawHttp } from './support/raw-http';
import { startTestApp, TestApp } from './support/test-app';
import { TestRoutesModule } from './support/test-routes.module';

let t: TestApp;
let auth: Record<string, string>;
let port: number;

beforeAll(async () => {
  t = await startTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: '200' }, extraImports: [TestRoutesModule, ExamplesTestModule] });
  auth = { authorization: `Bearer ${t.tokenFor()}` };
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as { port: number }).port;
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
    const response = await t.request({
      method: 'POST',
      url: '/examples/items',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"name":',
    });
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
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: '/examples/items/5b1f3c9e-8d2a-4e4b-9c1d-2f3a4b5c6d7e', headers: auth }),
      404,
      'NOT_FOUND',
    );
  });

  it('413 PAYLOAD_TOO_LARGE for a JSON body over 100 KB', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/examples/items',
      headers: auth,
      payload: { name: 'x'.repeat(101 * 1024), price: 1 },
    });
    expectErrorEnvelope(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under 100 KB is accepted by the parser (and then validated)', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/examples/items',
      headers: auth,
      payload: { name: 'x'.repeat(99 * 1024), price: 1 },
    });
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

describe('the envelope from the HTTP parser and the router', () => {
  it('raw UTF-8 in the query, refused by the HTTP parser, answers 400 BAD_REQUEST over a real socket', async () => {
    const response = await rawGet(port, `/examples/items?q=плат`, auth);
    const body = expectErrorEnvelope(response, 400, 'BAD_REQUEST');
    expect(body.message).toContain('ASCII');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('the same search percent-encoded is served', async () => {
    const response = await rawGet(port, `/examples/items?q=${encodeURIComponent('плат')}`, auth);
    expect(response.statusCode).toBe(200);
  });

  it('a bad %-sequence in the path (FST_ERR_BAD_URL) answers 400 BAD_REQUEST, reusing the client X-Request-Id', async () => {
    const viaSocket = await rawGet(port, '/nonexistent%ZZ', { 'X-Request-Id': 'trace-bad-url' });
    expect(expectErrorEnvelope(viaSocket, 400, 'BAD_REQUEST').traceId).toBe('trace-bad-url');
    expectErrorEnvelope(await t.request({ method: 'GET', url: '/examples/items/%ZZ', headers: auth }), 400, 'BAD_REQUEST');
  });

  it('a 10 000-character path parameter (FST_ERR_MAX_PARAM_LENGTH) answers 400 BAD_REQUEST', async () => {
    const response = await t.request({ method: 'GET', url: `/examples/items/${'a'.repeat(10_000)}`, headers: auth });
    expect(expectErrorEnvelope(response, 400, 'BAD_REQUEST').message).toBe('Параметр пути слишком длинный');
  });

  it('headers over the parser limit answer 431 HEADERS_TOO_LARGE', async () => {
    const response = await rawGet(port, '/health/live', { 'X-Filler': 'x'.repeat(20_000) });
    expectErrorEnvelope(response, 431, 'HEADERS_TOO_LARGE');
  });

  it('a request line that is not HTTP answers 400 BAD_REQUEST', async () => {
    expect(expectErrorEnvelope(await rawHttp(port, 'GARBAGE\r\n\r\n'), 400, 'BAD_REQUEST').message).toBe('Некорректный HTTP-запрос');
  });

  it('an unsupported content type answers 415 UNSUPPORTED_MEDIA_TYPE in the envelope', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/examples/items',
      headers: { ...auth, 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expectErrorEnvelope(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
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
