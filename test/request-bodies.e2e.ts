import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { expectErrorEnvelope } from './support/envelope';
import { createUser, uniqueEmail } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';
import { TestRoutesModule } from './support/test-routes.module';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ extraImports: [TestRoutesModule] });
});
afterAll(() => t.close());

async function registered(email: string): Promise<number> {
  const rows = await t.app.get<Database>(DATABASE).execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${email}`);
  return rows.rows[0].n;
}

const MULTIPART_BOUNDARY = 'x-boundary';
function multipart(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return `${parts.join('')}--${MULTIPART_BOUNDARY}--\r\n`;
}

describe('request bodies are JSON', () => {
  it.each([
    [
      'a form',
      'application/x-www-form-urlencoded',
      (email: string) => `email=${encodeURIComponent(email)}&password=Form-pass-123&displayName=Form`,
    ],
    ['text/plain', 'text/plain', (email: string) => JSON.stringify({ email, password: 'Text-pass-123', displayName: 'Text' })],
    [
      'multipart',
      `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
      (email: string) => multipart({ email, password: 'Part-pass-123', displayName: 'Part' }),
    ],
    ['XML', 'application/xml', (email: string) => `<user><email>${email}</email></user>`],
  ])('%s is refused with 415 UNSUPPORTED_MEDIA_TYPE in the envelope, and nothing is written', async (_label, contentType, body) => {
    const email = uniqueEmail('form');
    const response = await t.request({
      method: 'POST',
      url: '/auth/register',
      headers: { 'content-type': contentType },
      payload: body(email),
    });
    const envelope = expectErrorEnvelope(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(envelope.message).toBe('Неподдерживаемый тип тела запроса; ожидается application/json');
    expect(await registered(email)).toBe(0);
  });

  it('a body without a content type is refused alike', async () => {
    const response = await t.request({ method: 'POST', url: '/auth/register', headers: { 'content-length': '2' }, payload: '{}' });
    expectErrorEnvelope(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('JSON is served, with or without a charset', async () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const email = uniqueEmail('json');
      const response = await t.request({
        method: 'POST',
        url: '/auth/register',
        headers: { 'content-type': contentType },
        payload: JSON.stringify({ email, password: 'Json-pass-123', displayName: 'Json' }),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(await registered(email)).toBe(1);
    }
  });

  it('a POST without a body and without a content type still works where the route takes no body', async () => {
    const user = await createUser(t);
    const response = await t.request({ method: 'POST', url: '/auth/me', headers: user.auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().email).toBe(user.email);
  });

  it('multipart reaches only a route that opts in for files, which reads the parts itself', async () => {
    const payload = multipart({ file: 'x'.repeat(1000) });
    const response = await t.request({
      method: 'POST',
      url: '/__test__/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ bytes: Buffer.byteLength(payload) });
    const form = await t.request({
      method: 'POST',
      url: '/__test__/upload',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'file=x',
    });
    expectErrorEnvelope(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
