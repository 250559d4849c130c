import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
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
    const response = await t.request({ method: 'POST', url: '/examples/items', headers: auth, payload: { name: 'a', price: 1, colour: 'red' } });
    expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'colour', errors: ['whitelistValidation'] }]);
  });

  it('rejects an unknown query parameter with whitelistValidation', async () => {
    expect(expectErrorEnvelope(await list('colour=red'), 400, 'VALIDATION_FAILED').details).toEqual([{ field: 'colour', errors: ['whitelistValidation'] }]);
  });

  it('names nested fields with dot paths', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/examples/items/batch',
      headers: auth,
      payload: { items: [{ name: 'ok', price: 1 }, { name: 'ok', price: 1 }, { name: 'ok', price: 1 }, { name: 'bad', price: 1.5, extra: true }] },
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
