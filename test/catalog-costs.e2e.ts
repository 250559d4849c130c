import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { DATABASE, Database } from '../src/database/database.tokens';
import { auditLogs, productCosts } from '../src/database/schema';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, grantedBrand, TestUser } from './support/identity';
import { insertProducts } from './support/pricing-catalog';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let admin: TestUser;
let accountId: string;
const [NM_A, NM_B, NM_C] = [7001, 7002, 7003];
const today = moscowToday(new Date());

const put = (nmId: number, payload: Record<string, unknown>, user: TestUser = owner) =>
  t.request({ method: 'PUT', url: `/catalog/products/${nmId}/cost`, headers: user.auth, payload: { mpAccountId: accountId, ...payload } });
const bulk = (items: unknown[], user: TestUser = owner) =>
  t.request({ method: 'POST', url: '/catalog/costs', headers: user.auth, payload: { mpAccountId: accountId, items } });
const history = (nmId: number, user: TestUser = owner) =>
  t.request({ method: 'GET', url: `/catalog/products/${nmId}/costs?mpAccountId=${accountId}`, headers: user.auth });
const catalogItem = async (nmId: number, user: TestUser = owner) =>
  (await t.request({ method: 'GET', url: `/catalog/products?mpAccountId=${accountId}&nmIds=${nmId}`, headers: user.auth })).json().items[0];
const stored = () => db.select().from(productCosts).where(eq(productCosts.mpAccountId, accountId));

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [owner, stranger, manager, admin] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager'), createUser(t, 'admin')]);
  accountId = await createAccount(t, owner.id);
  await insertProducts(db, accountId, [NM_A, NM_B, NM_C]);
  await grantedBrand(t, admin, manager, accountId, [NM_C]);
});

afterAll(() => t.close());

describe('cost prices', () => {
  it('a dated cost price is stored to the kopeck, shown on the catalog product from its day, and audited', async () => {
    expect(await catalogItem(NM_A)).toMatchObject({ nmId: NM_A, costPrice: null });
    const set = await put(NM_A, { costPrice: 412.35, validFrom: shiftDay(today, -10) });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ nmId: NM_A, costPrice: 412.35, validFrom: shiftDay(today, -10), updatedBy: owner.id });
    // A later price from tomorrow does not change today's.
    expect((await put(NM_A, { costPrice: 450, validFrom: shiftDay(today, 1) })).statusCode).toBe(200);
    expect(await catalogItem(NM_A)).toMatchObject({ costPrice: 412.35 });
    // Another card of the account has none.
    expect(await catalogItem(NM_B)).toMatchObject({ costPrice: null });
    const rows = await stored();
    expect(rows.map((row) => [row.nmId, row.costPrice, row.validFrom]).sort()).toEqual([
      [NM_A, '412.35', shiftDay(today, -10)],
      [NM_A, '450.00', shiftDay(today, 1)],
    ]);
    // The same day again replaces that day's price; the audit keeps what it replaced.
    expect((await put(NM_A, { costPrice: 0.1, validFrom: shiftDay(today, -10) })).json()).toMatchObject({ costPrice: 0.1 });
    const trail = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.mpAccountId, accountId), eq(auditLogs.action, 'catalog.cost.update')));
    expect(trail.map((row) => row.details)).toContainEqual({
      items: [{ nmId: NM_A, validFrom: shiftDay(today, -10), before: 412.35, after: 0.1 }],
    });
    const listed = await history(NM_A);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      costPrice: 0.1,
      items: [
        { costPrice: 450, validFrom: shiftDay(today, 1) },
        { costPrice: 0.1, validFrom: shiftDay(today, -10) },
      ],
    });
  });

  it('a bulk stores every item or none: an unknown card is 404 naming it, a repeated day 400, bad values 400', async () => {
    const unknown = await bulk([
      { nmId: NM_B, costPrice: 100, validFrom: today },
      { nmId: 999_999, costPrice: 100, validFrom: today },
    ]);
    expectErrorEnvelope(unknown, 404, 'NOT_FOUND');
    expect(unknown.json().details).toEqual({ nmIds: [999_999] });
    const repeated = await bulk([
      { nmId: NM_B, costPrice: 100, validFrom: today },
      { nmId: NM_B, costPrice: 120, validFrom: today },
    ]);
    expectErrorEnvelope(repeated, 400, 'VALIDATION_FAILED');
    const bad = await bulk([{ nmId: NM_B, costPrice: 10.555, validFrom: '2026-02-30' }]);
    expectErrorEnvelope(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad.json().details)).toMatchObject({
      'items.0.costPrice': expect.any(Array),
      'items.0.validFrom': expect.any(Array),
    });
    expectErrorEnvelope(await put(NM_B, { costPrice: -1, validFrom: today }), 400, 'VALIDATION_FAILED');
    expect((await stored()).filter((row) => row.nmId === NM_B)).toEqual([]);
    const saved = await bulk([
      { nmId: NM_B, costPrice: 99.99, validFrom: today },
      { nmId: NM_C, costPrice: 1_000_000.01, validFrom: today },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ saved: 2 });
    expect(await catalogItem(NM_C)).toMatchObject({ costPrice: 1_000_000.01 });
  });

  it('a stranger gets 404; a manager reaches only the cards of a granted brand', async () => {
    expectErrorEnvelope(await put(NM_A, { costPrice: 1, validFrom: today }, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await history(NM_A, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await bulk([{ nmId: NM_A, costPrice: 1, validFrom: today }], stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await put(NM_A, { costPrice: 1, validFrom: today }, manager), 404, 'NOT_FOUND');
    expectErrorEnvelope(await history(NM_A, manager), 404, 'NOT_FOUND');
    const own = await put(NM_C, { costPrice: 55.5, validFrom: today }, manager);
    expect(own.statusCode, own.body).toBe(200);
    expect((await history(NM_C, manager)).json()).toMatchObject({ costPrice: 55.5 });
    expect((await stored()).find((row) => row.nmId === NM_A && row.costPrice === '1.00')).toBeUndefined();
  });
});
