import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { rnpListItems } from '../src/database/schema';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertProducts } from './support/pricing-catalog';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let accountId: string;
const NM_IDS = Array.from({ length: 1000 }, (_, index) => 9_000_001 + index);

const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>, user: TestUser = owner) =>
  t.request({ method, url, headers: user.auth, ...(payload !== undefined && { payload }) });
const newList = async (name = 'Распродажа') => {
  const response = await request('POST', '/rnp/product-lists', { mpAccountId: accountId, name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; itemsCount: number };
};
const plan = (nmId: number, fields: Record<string, unknown> = {}) => ({ nmId, status: 'monitoring', ...fields });

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [owner, stranger] = await Promise.all([createUser(t), createUser(t)]);
  accountId = await createAccount(t, owner.id);
  await insertProducts(db, accountId, NM_IDS);
});

afterAll(() => t.close());

describe('pulse lists', () => {
  it('a list is created, listed, renamed and deleted with its items', async () => {
    const list = await newList('  Акции ноября  ');
    expect(list).toMatchObject({ name: 'Акции ноября', mpAccountId: accountId, itemsCount: 0 });
    const listed = await request('GET', `/rnp/product-lists?mpAccountId=${accountId}`);
    expect(listed.json().items.map((item: { id: string }) => item.id)).toContain(list.id);
    expect((await request('PATCH', `/rnp/product-lists/${list.id}`, { name: 'Акции декабря' })).json()).toMatchObject({
      name: 'Акции декабря',
    });
    expect((await request('POST', `/rnp/product-lists/${list.id}/items`, { items: [plan(NM_IDS[0])] })).statusCode).toBe(200);
    expect((await request('DELETE', `/rnp/product-lists/${list.id}`)).statusCode).toBe(204);
    expectErrorEnvelope(await request('GET', `/rnp/product-lists/${list.id}`), 404, 'NOT_FOUND');
    expect(await db.select().from(rnpListItems).where(eq(rnpListItems.listId, list.id))).toEqual([]);
  });

  it('1 000 items at once with their plans; the same SKU again takes the new plan; an item is changed and removed', async () => {
    const list = await newList();
    // 1 000 short items stay within the 100 KB body limit.
    const items = NM_IDS.map((nmId, index) => plan(nmId, { planOrdersPerDay: index % 7 }));
    const added = await request('POST', `/rnp/product-lists/${list.id}/items`, { items });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ saved: 1000 });
    expect((await request('GET', `/rnp/product-lists/${list.id}`)).json()).toMatchObject({ itemsCount: 1000 });
    const full = {
      planPrice: 1500,
      targetDrrPct: 12.5,
      manager: 'Ирина',
      comment: 'Под акцию',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
    };
    expect((await request('POST', `/rnp/product-lists/${list.id}/items`, { items: [plan(NM_IDS[1], full)] })).json()).toEqual({ saved: 1 });
    const second = (await request('GET', `/rnp/product-lists/${list.id}/items?limit=2`)).json().items[1];
    expect(second).toMatchObject({ nmId: NM_IDS[1], status: 'monitoring', planOrdersPerDay: null, ...full });
    const again = await request('POST', `/rnp/product-lists/${list.id}/items`, {
      items: [plan(NM_IDS[0], { status: 'liquidation', planPrice: 990 })],
    });
    expect(again.json()).toEqual({ saved: 1 });
    const page = await request('GET', `/rnp/product-lists/${list.id}/items?limit=2`);
    expect(page.json().meta).toMatchObject({ total: 1000 });
    const [first] = page.json().items;
    expect(first).toMatchObject({
      nmId: NM_IDS[0],
      status: 'liquidation',
      planPrice: 990,
      targetDrrPct: null,
      manager: '',
      dateFrom: null,
    });
    const changed = await request('PATCH', `/rnp/product-lists/${list.id}/items/${first.id}`, { targetDrrPct: 8.25, dateTo: '2026-12-31' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ targetDrrPct: 8.25, dateTo: '2026-12-31', planPrice: 990 });
    expect((await request('PATCH', `/rnp/product-lists/${list.id}/items/${first.id}`, { planPrice: null })).json()).toMatchObject({
      planPrice: null,
    });
    expect((await request('DELETE', `/rnp/product-lists/${list.id}/items/${first.id}`)).statusCode).toBe(204);
    expectErrorEnvelope(await request('DELETE', `/rnp/product-lists/${list.id}/items/${first.id}`), 404, 'NOT_FOUND');
  });

  it('bad items change nothing: an unknown card 404 naming it, a repeated SKU or a plan ending before it starts 400', async () => {
    const list = await newList();
    const unknown = await request('POST', `/rnp/product-lists/${list.id}/items`, { items: [plan(NM_IDS[1]), plan(123)] });
    expectErrorEnvelope(unknown, 404, 'NOT_FOUND');
    expect(unknown.json().details).toEqual({ nmIds: [123] });
    const repeated = await request('POST', `/rnp/product-lists/${list.id}/items`, {
      items: [plan(NM_IDS[1]), plan(NM_IDS[1]), plan(NM_IDS[2], { dateFrom: '2026-11-10', dateTo: '2026-11-09' })],
    });
    expectErrorEnvelope(repeated, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(repeated.json().details)).toEqual({ 'items.1.nmId': ['duplicateNmId'], 'items.2.dateTo': ['dateToBeforeDateFrom'] });
    const bad = await request('POST', `/rnp/product-lists/${list.id}/items`, {
      items: [plan(NM_IDS[1], { status: 'forgotten', planPrice: 10.5, targetDrrPct: 101 })],
    });
    expectErrorEnvelope(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(bad.json().details)).sort()).toEqual(['items.0.planPrice', 'items.0.status', 'items.0.targetDrrPct']);
    expect((await request('GET', `/rnp/product-lists/${list.id}`)).json()).toMatchObject({ itemsCount: 0 });
    await request('POST', `/rnp/product-lists/${list.id}/items`, { items: [plan(NM_IDS[3], { dateFrom: '2026-11-10' })] });
    const [itemRow] = (await request('GET', `/rnp/product-lists/${list.id}/items`)).json().items;
    expectErrorEnvelope(
      await request('PATCH', `/rnp/product-lists/${list.id}/items/${itemRow.id}`, { dateTo: '2026-11-01' }),
      400,
      'VALIDATION_FAILED',
    );
    expectErrorEnvelope(await request('PATCH', `/rnp/product-lists/${list.id}/items/${itemRow.id}`, { nmId: 5 }), 400, 'VALIDATION_FAILED');
  });

  it('another seller’s list answers 404 on every route, and an item of another list is not found', async () => {
    const list = await newList();
    const other = await newList('Другой');
    await request('POST', `/rnp/product-lists/${list.id}/items`, { items: [plan(NM_IDS[4])] });
    const [itemRow] = (await request('GET', `/rnp/product-lists/${list.id}/items`)).json().items;
    expectErrorEnvelope(await request('GET', `/rnp/product-lists/${list.id}`, undefined, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('PATCH', `/rnp/product-lists/${list.id}`, { name: 'x' }, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('DELETE', `/rnp/product-lists/${list.id}`, undefined, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await request('GET', `/rnp/product-lists/${list.id}/items`, undefined, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(
      await request('POST', `/rnp/product-lists/${list.id}/items`, { items: [plan(NM_IDS[5])] }, stranger),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(
      await request('DELETE', `/rnp/product-lists/${list.id}/items/${itemRow.id}`, undefined, stranger),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(await request('GET', `/rnp/product-lists?mpAccountId=${accountId}`, undefined, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(
      await request('PATCH', `/rnp/product-lists/${other.id}/items/${itemRow.id}`, { status: 'paused' }),
      404,
      'NOT_FOUND',
    );
    expect((await request('GET', `/rnp/product-lists/${list.id}/items`)).json().items).toMatchObject([{ status: 'monitoring' }]);
  });
});
