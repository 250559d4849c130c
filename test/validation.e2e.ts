import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { ExamplesTestModule } from './support/examples-test.module';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ extraImports: [ExamplesTestModule] });
  auth = { authorization: `Bearer ${t.tokenFor()}` };
  const items = [
    { name: 'Альфа', price: 100, tags: ['a'] },
    { name: 'бета', price: 250 },
    { name: 'Гамма', price: 50, tags: ['b', 'c'] },
    { name: 'дельта', price: 400 },
    { name: 'Эпсилон', price: 300, tags: ['d'] },
  ];
  const created = await t.request({ method: 'POST', url: '/examples/items/batch', headers: auth, payload: { items } });
  expect(created.statusCode).toBe(201);
});
afterAll(() => t.close());

function list(query: string) {
  return t.request({ method: 'GET', url: `/examples/items?${query}`, headers: auth });
}

describe('validation', () => {
  it('rejects an unknown body field with whitelistValidation', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/examples/items',
      headers: auth,
      payload: { name: 'a', price: 1, colour: 'red' },
    });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'colour', errors: ['whitelistValidation'] }]);
  });

  it('rejects an unknown query parameter with whitelistValidation', async () => {
    expect(expectErrorEnvelope(await list('colour=red'), 400, 'VALIDATION_FAILED').details).toEqual([
      { field: 'colour', errors: ['whitelistValidation'] },
    ]);
  });

  it('names nested fields with dot paths', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/examples/items/batch',
      headers: auth,
      payload: {
        items: [
          { name: 'ok', price: 1 },
          { name: 'ok', price: 1 },
          { name: 'ok', price: 1 },
          { name: 'bad', price: 1.5, extra: true },
        ],
      },
    });
    expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({
      'items.3.extra': ['whitelistValidation'],
      'items.3.price': ['isInt'],
    });
  });

  it('keeps body types strict: a numeric string is not an integer price', async () => {
    const response = await t.request({ method: 'POST', url: '/examples/items', headers: auth, payload: { name: 'a', price: '10' } });
    expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)).toEqual({ price: ['isInt', 'max', 'min'] });
  });

  it('casts query strings to the DTO types (integers and booleans)', async () => {
    const withTags = await list('minPrice=100&hasTags=true&sortBy=price&sortDirection=asc');
    expect(withTags.statusCode).toBe(200);
    expect(withTags.json().items.map((item: { name: string }) => item.name)).toEqual(['Альфа', 'Эпсилон']);
    const withoutTags = await list('hasTags=false&sortBy=price&sortDirection=desc');
    expect(withoutTags.json().items.map((item: { price: number }) => item.price)).toEqual([400, 250]);
  });

  it('rejects query values that do not cast', async () => {
    const details = expectErrorEnvelope(await list('minPrice=abc&hasTags=maybe&page=0'), 400, 'VALIDATION_FAILED').details;
    expect(fieldErrors(details)).toEqual({ page: ['min'], minPrice: ['isInt', 'min'], hasTags: ['isBoolean'] });
  });

  it('rejects a path id that is not a UUID with isUUID', async () => {
    const response = await t.request({ method: 'GET', url: '/examples/items/42', headers: auth });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'id', errors: ['isUUID'] }]);
  });

  it('finds case-insensitively and treats LIKE wildcards literally', async () => {
    expect((await list('q=АЛЬ')).json().items.map((item: { name: string }) => item.name)).toEqual(['Альфа']);
    expect((await list('q=%25')).json().meta.total).toBe(0);
  });
});

describe('text PostgreSQL cannot store', () => {
  const admin = () => ({ authorization: `Bearer ${t.tokenFor('admin')}` });

  it.each([
    ['/examples/items?q=%00', 'q'],
    ['/audit-logs?action=%00', 'action'],
    ['/examples/items?q=a%00b&page=1', 'q'],
  ])('a NUL character in the query (%s) is VALIDATION_FAILED naming the field', async (url, field) => {
    const response = await t.request({ method: 'GET', url, headers: admin() });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([{ field, errors: ['noNullCharacter'] }]);
  });

  it('a NUL character in a path parameter is VALIDATION_FAILED naming the parameter', async () => {
    const response = await t.request({ method: 'GET', url: '/examples/items/%00', headers: auth });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'id', errors: ['noNullCharacter'] }]);
  });

  it('NUL characters in body fields (an account name, a registration e-mail and name) are VALIDATION_FAILED, nothing is written', async () => {
    const account = await t.request({
      method: 'POST',
      url: '/mp-accounts',
      headers: auth,
      payload: { name: 'Ка\u0000бинет', apiKey: 'k'.repeat(40) },
    });
    expect(expectErrorEnvelope(account, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'name', errors: ['noNullCharacter'] }]);
    const register = await t.request({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'nul\u0000@example.com', password: 'Secret-pass-1', displayName: 'Имя\u0000' },
    });
    expect(fieldErrors(expectErrorEnvelope(register, 400, 'VALIDATION_FAILED').details)).toEqual({
      displayName: ['noNullCharacter'],
      email: ['noNullCharacter'],
    });
    expect((await t.request({ method: 'GET', url: '/mp-accounts', headers: auth })).json().meta.total).toBe(0);
  });

  it('a lone UTF-16 surrogate in an e-mail is VALIDATION_FAILED (isWellFormed), not an error of the e-mail validator', async () => {
    for (const url of ['/auth/register', '/auth/login']) {
      const payload = '{"email":"a\\ud800b@example.com","password":"Secret-pass-1","displayName":"Имя"}';
      const response = await t.request({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'email', errors: ['isWellFormed'] }]);
    }
  });

  it('nested strings are named by their dot paths, and input nested past any DTO is refused', async () => {
    const batch = await t.request({
      method: 'POST',
      url: '/examples/items/batch',
      headers: auth,
      payload: {
        items: [
          { name: 'ok', price: 1 },
          { name: '\udc00', price: 1 },
        ],
      },
    });
    expect(expectErrorEnvelope(batch, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'items.1.name', errors: ['isWellFormed'] }]);
    const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const nested = await t.request({
      method: 'POST',
      url: '/examples/items',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"name":"a","price":1,"extra":${deep}}`,
    });
    expect(expectErrorEnvelope(nested, 400, 'VALIDATION_FAILED').details).toEqual([
      { field: `extra${'.0'.repeat(15)}`, errors: ['maxDepth'] },
    ]);
  });
});

describe('pagination', () => {
  it('answers {items, meta} with the defaults page 1, limit 20', async () => {
    const body = (await list('')).json();
    expect(body.meta).toEqual({ total: 5, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false });
    expect(body.items).toHaveLength(5);
  });

  it('computes meta for a middle page', async () => {
    const body = (await list('page=2&limit=2&sortBy=name&sortDirection=asc')).json();
    expect(body.meta).toEqual({ total: 5, page: 2, limit: 2, totalPages: 3, hasNext: true, hasPrev: true });
    expect(body.items).toHaveLength(2);
  });

  it('sorts by an allowed field', async () => {
    const prices = (await list('sortBy=price&sortDirection=asc')).json().items.map((item: { price: number }) => item.price);
    expect(prices).toEqual([50, 100, 250, 300, 400]);
  });

  it('refuses a sortBy the route does not allow, a bad direction and a limit over 100', async () => {
    const details = expectErrorEnvelope(await list('sortBy=tags&sortDirection=up&limit=101'), 400, 'VALIDATION_FAILED').details;
    expect(fieldErrors(details)).toEqual({ limit: ['max'], sortBy: ['isIn'], sortDirection: ['isIn'] });
  });

  it('answers an empty page past the end with the right meta', async () => {
    const body = (await list('page=9&limit=2')).json();
    expect(body).toEqual({ items: [], meta: { total: 5, page: 9, limit: 2, totalPages: 3, hasNext: false, hasPrev: true } });
  });
});
