import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { auditLogs, priceHistory, products } from '../src/database/schema';
import { priceUpload } from '../src/marketplace/endpoints/prices';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import { finishedBulk, PricedAccount, pricedAccount } from './support/pricing-accounts';
import { startTestApp, TestApp } from './support/test-app';

const UPLOAD = priceUpload.path;

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

function post(url: string, auth: Record<string, string>, payload: unknown) {
  return t.request({ method: 'POST', url, headers: auth, payload: payload as object });
}

async function auditCount(action: string, mpAccountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.mpAccountId, mpAccountId)));
  return row.n;
}

async function historyTotal(account: PricedAccount, nmId?: number): Promise<number> {
  const response = await t.request({
    method: 'GET',
    url: '/pricing/history',
    query: { mpAccountId: account.accountId, limit: '1', ...(nmId ? { nmId: String(nmId) } : {}) },
    headers: account.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().meta.total;
}

describe('single price and discount changes', () => {
  let account: PricedAccount;
  beforeAll(async () => {
    account = await pricedAccount(t, emulator, 20);
  });

  /** One single change with one edge value: 200 with a task id, or 400 naming the field's failed rules. */
  async function expectEdge(
    url: string,
    field: 'price' | 'discount',
    value: unknown,
    status: number,
    rules: string[],
    nmID: number,
  ): Promise<void> {
    const response = await post(url, account.auth, { mpAccountId: account.accountId, nmID, [field]: value });
    if (status === 400) {
      expect(fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details)[field]).toEqual(expect.arrayContaining(rules));
      return;
    }
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ taskId: expect.any(Number) });
  }

  it.each([
    [0, 400, ['min']],
    [1, 200, []],
    [1.5, 400, ['isInt']],
    [-1, 400, ['min']],
    ['10', 400, ['isInt']],
    [99, 200, []],
    [100, 200, []],
  ])('price %j answers %d', (price, status, rules) => expectEdge('/pricing/price', 'price', price, status, rules, account.nmIds[1]));

  it.each([
    [0, 200, []],
    [1, 200, []],
    [1.5, 400, ['isInt']],
    [-1, 400, ['min']],
    ['10', 400, ['isInt']],
    [99, 200, []],
    [100, 400, ['max']],
  ])('discount %j answers %d', (discount, status, rules) =>
    expectEdge('/pricing/discount', 'discount', discount, status, rules, account.nmIds[2]),
  );

  it('a discount of 100 with a price is rejected too, and an unknown field is not ignored', async () => {
    const response = await post('/pricing/price', account.auth, {
      mpAccountId: account.accountId,
      nmID: account.nmIds[1],
      price: 500,
      discount: 100,
      extra: 1,
    });
    const errors = fieldErrors(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').details);
    expect(errors.discount).toEqual(['max']);
    expect(errors.extra).toEqual(['whitelistValidation']);
  });

  it('a foreign account answers 404, a product outside the catalog 404, and neither reaches the marketplace', async () => {
    const stranger = await pricedAccount(t, emulator, 1);
    const before = callsOf(emulator, account.sellerId, 'prices').length;
    expectErrorEnvelope(
      await post('/pricing/price', stranger.auth, { mpAccountId: account.accountId, nmID: account.nmIds[0], price: 500 }),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(
      await post('/pricing/discount', account.auth, { mpAccountId: account.accountId, nmID: 42, discount: 5 }),
      404,
      'NOT_FOUND',
    );
    expect(callsOf(emulator, account.sellerId, 'prices')).toHaveLength(before);
  });

  it('a key the marketplace rejects answers 502 MP_AUTH_FAILED with no audit record and no history', async () => {
    const fresh = await pricedAccount(t, emulator, 3);
    injectFaults(emulator, [{ scope: 'prices', path: UPLOAD, status: 401, times: 1 }]);
    const response = await post('/pricing/price', fresh.auth, { mpAccountId: fresh.accountId, nmID: fresh.nmIds[0], price: 700 });
    expectErrorEnvelope(response, 502, 'MP_AUTH_FAILED');
    expect(await auditCount('pricing.set', fresh.accountId)).toBe(0);
    expect(await historyTotal(fresh)).toBe(0);
    const [product] = await db
      .select()
      .from(products)
      .where(and(eq(products.mpAccountId, fresh.accountId), eq(products.nmId, fresh.nmIds[0])));
    expect(product).toMatchObject({ price: 1000, discount: 10, pricePendingSince: null });
  });

  it("a rejected upload answers 400 BAD_REQUEST with the marketplace's text and records nothing", async () => {
    const fresh = await pricedAccount(t, emulator, 3);
    injectFaults(emulator, [
      { scope: 'prices', path: UPLOAD, status: 400, body: { data: null, error: true, errorText: 'Invalid price value' }, times: 1 },
    ]);
    const response = await post('/pricing/price', fresh.auth, { mpAccountId: fresh.accountId, nmID: fresh.nmIds[0], price: 700 });
    const body = expectErrorEnvelope(response, 400, 'BAD_REQUEST');
    expect(body.message).toContain('Invalid price value');
    expect(body.details).toEqual({ errorText: 'Invalid price value' });
    expect(await auditCount('pricing.set', fresh.accountId)).toBe(0);
    expect(await historyTotal(fresh)).toBe(0);
  });

  it('a change enters the history (newest first) and the snapshot, exactly and pending confirmation; audit after the call', async () => {
    const fresh = await pricedAccount(t, emulator, 3);
    const nmID = fresh.nmIds[0];
    const priced = await post('/pricing/price', fresh.auth, { mpAccountId: fresh.accountId, nmID, price: 999, discount: 33 });
    expect(priced.statusCode, priced.body).toBe(200);
    const [afterPrice] = await db
      .select()
      .from(products)
      .where(and(eq(products.mpAccountId, fresh.accountId), eq(products.nmId, nmID)));
    expect(afterPrice).toMatchObject({ price: 999, discount: 33, discountedPrice: '669.33' });
    expect(afterPrice.pricePendingSince).toBeInstanceOf(Date);

    const discounted = await post('/pricing/discount', fresh.auth, { mpAccountId: fresh.accountId, nmID, discount: 0 });
    expect(discounted.statusCode, discounted.body).toBe(200);
    const [afterDiscount] = await db
      .select()
      .from(products)
      .where(and(eq(products.mpAccountId, fresh.accountId), eq(products.nmId, nmID)));
    expect(afterDiscount).toMatchObject({ price: 999, discount: 0, discountedPrice: '999.00' });

    const history = await t.request({
      method: 'GET',
      url: '/pricing/history',
      query: { mpAccountId: fresh.accountId, nmId: String(nmID) },
      headers: fresh.auth,
    });
    expect(history.statusCode, history.body).toBe(200);
    const { items, meta } = history.json();
    expect(meta).toMatchObject({ total: 2, page: 1, hasNext: false });
    expect(items[0]).toMatchObject({
      nmId: nmID,
      oldPrice: 999,
      newPrice: 999,
      oldDiscount: 33,
      newDiscount: 0,
      source: 'manual',
      taskId: discounted.json().taskId,
      userId: fresh.ownerId,
      bulkJobId: null,
    });
    expect(items[1]).toMatchObject({
      nmId: nmID,
      oldPrice: 1000,
      newPrice: 999,
      oldDiscount: 10,
      newDiscount: 33,
      source: 'manual',
      taskId: priced.json().taskId,
      userId: fresh.ownerId,
    });
    expect(await historyTotal(fresh, fresh.nmIds[1])).toBe(0);

    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'pricing.set'), eq(auditLogs.mpAccountId, fresh.accountId)));
    expect(audit).toMatchObject({ userId: fresh.ownerId, entityType: 'product', entityId: String(nmID) });
    expect(audit.details).toMatchObject({ nmID, price: 999, discount: 33, oldPrice: 1000, oldDiscount: 10, taskId: priced.json().taskId });
    expect(await auditCount('pricing.discount.set', fresh.accountId)).toBe(1);
  });

  it('a price-only change keeps the discount in the snapshot but sets none in the history, so avgDiscountPct counts only discounts that were set', async () => {
    const fresh = await pricedAccount(t, emulator, 3);
    const [priceOnly, discounted] = fresh.nmIds;
    expect((await post('/pricing/price', fresh.auth, { mpAccountId: fresh.accountId, nmID: priceOnly, price: 1200 })).statusCode).toBe(200);
    expect((await post('/pricing/discount', fresh.auth, { mpAccountId: fresh.accountId, nmID: discounted, discount: 30 })).statusCode).toBe(
      200,
    );
    const [snapshot] = await db
      .select()
      .from(products)
      .where(and(eq(products.mpAccountId, fresh.accountId), eq(products.nmId, priceOnly)));
    expect(snapshot).toMatchObject({ price: 1200, discount: 10 });
    const history = await t.request({
      method: 'GET',
      url: '/pricing/history',
      query: { mpAccountId: fresh.accountId, nmId: String(priceOnly) },
      headers: fresh.auth,
    });
    expect(history.json().items).toEqual([expect.objectContaining({ oldPrice: 1000, newPrice: 1200, oldDiscount: 10, newDiscount: null })]);
    const summary = await t.request({
      method: 'GET',
      url: '/pricing/summary',
      query: { mpAccountId: fresh.accountId, period: '7d' },
      headers: fresh.auth,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ priceChanges: 2, productsRepriced: 2, avgDiscountPct: 30 });
  });

  it('an identical upload answered 208 alreadyExists counts as accepted with its task id', async () => {
    const fresh = await pricedAccount(t, emulator, 3);
    const payload = { mpAccountId: fresh.accountId, nmID: fresh.nmIds[2], price: 1500 };
    const first = await post('/pricing/price', fresh.auth, payload);
    const again = await post('/pricing/price', fresh.auth, payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().taskId).toBe(first.json().taskId);
    expect(callsOf(emulator, fresh.sellerId, 'prices', UPLOAD).map((call) => call.status)).toEqual([200, 208]);
  });

  it('the history needs a reachable account', async () => {
    const stranger = await pricedAccount(t, emulator, 1);
    const response = await t.request({
      method: 'GET',
      url: '/pricing/history',
      query: { mpAccountId: account.accountId },
      headers: stranger.auth,
    });
    expectErrorEnvelope(response, 404, 'NOT_FOUND');
  });
});

describe('bulk changes', () => {
  it('2 500 items sent as three requests of at most 1 000: three uploads, all accepted, 2 500 history rows', async () => {
    const account = await pricedAccount(t, emulator, 2500);
    const ids: string[] = [];
    for (let start = 0; start < 2500; start += 1000) {
      const items = account.nmIds.slice(start, start + 1000).map((nmID, i) => ({ nmID, price: 2000 + start + i, discount: 20 }));
      const response = await post('/pricing/bulk', account.auth, { mpAccountId: account.accountId, items });
      expect(response.statusCode, response.body).toBe(202);
      ids.push(response.json().bulkJobId);
    }
    const reports = await Promise.all(ids.map((id) => finishedBulk(t, account.auth, id)));
    expect(reports.map((report) => report.counters)).toEqual([
      { items: 1000, chunks: 1, accepted: 1, rejected: 0 },
      { items: 1000, chunks: 1, accepted: 1, rejected: 0 },
      { items: 500, chunks: 1, accepted: 1, rejected: 0 },
    ]);
    for (const report of reports) {
      expect(report).toMatchObject({ kind: 'price', status: 'completed', startedAt: expect.any(String), finishedAt: expect.any(String) });
      expect(report.result.chunks).toEqual([{ index: 0, items: report.counters.items, taskId: expect.any(Number) }]);
    }
    expect(callsOf(emulator, account.sellerId, 'prices', UPLOAD)).toHaveLength(3);
    expect(await historyTotal(account)).toBe(2500);
    const [bulkRows] = await db
      .select({ n: count() })
      .from(priceHistory)
      .where(and(eq(priceHistory.bulkJobId, ids[2]), eq(priceHistory.source, 'bulk'), eq(priceHistory.userId, account.ownerId)));
    expect(bulkRows.n).toBe(500);
    const [last] = await db
      .select()
      .from(products)
      .where(and(eq(products.mpAccountId, account.accountId), eq(products.nmId, account.nmIds[2499])));
    expect(last).toMatchObject({ price: 4499, discount: 20, discountedPrice: '3599.20' });
    expect(await auditCount('pricing.bulk', account.accountId)).toBe(3);
  });

  it('refuses over 1 000 items, none, a repeated nmID, and nmIDs outside the catalog (listed)', async () => {
    const account = await pricedAccount(t, emulator, 5);
    const body = (items: unknown[]) => ({ mpAccountId: account.accountId, items });
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ nmID: i + 1, price: 100 }));
    expect(
      fieldErrors(expectErrorEnvelope(await post('/pricing/bulk', account.auth, body(tooMany)), 400, 'VALIDATION_FAILED').details).items,
    ).toContain('arrayMaxSize');
    expect(
      fieldErrors(expectErrorEnvelope(await post('/pricing/bulk', account.auth, body([])), 400, 'VALIDATION_FAILED').details).items,
    ).toContain('arrayMinSize');
    const repeated = [
      { nmID: account.nmIds[0], price: 100 },
      { nmID: account.nmIds[0], price: 200 },
    ];
    expect(
      fieldErrors(expectErrorEnvelope(await post('/pricing/bulk', account.auth, body(repeated)), 400, 'VALIDATION_FAILED').details).items,
    ).toEqual(['arrayUnique']);
    const badItem = [
      { nmID: account.nmIds[0], price: 0 },
      { nmID: account.nmIds[1], discount: 100 },
    ];
    const errors = fieldErrors(
      expectErrorEnvelope(await post('/pricing/bulk', account.auth, body(badItem)), 400, 'VALIDATION_FAILED').details,
    );
    expect(errors).toMatchObject({ 'items.0.price': ['min'], 'items.1.discount': ['max'] });
    const unknown = await post(
      '/pricing/discount/bulk',
      account.auth,
      body([
        { nmID: account.nmIds[0], discount: 5 },
        { nmID: 77, discount: 5 },
        { nmID: 78, discount: 5 },
      ]),
    );
    expect(expectErrorEnvelope(unknown, 400, 'BAD_REQUEST').details).toEqual({ nmIds: [77, 78] });
    expect(callsOf(emulator, account.sellerId, 'prices')).toHaveLength(0);
  });

  it('a discount bulk sends only discounts and writes pricing.discount.bulk', async () => {
    const account = await pricedAccount(t, emulator, 4);
    const response = await post('/pricing/discount/bulk', account.auth, {
      mpAccountId: account.accountId,
      items: account.nmIds.map((nmID) => ({ nmID, discount: 50 })),
    });
    expect(response.statusCode, response.body).toBe(202);
    const report = await finishedBulk(t, account.auth, response.json().bulkJobId);
    expect(report).toMatchObject({ kind: 'discount', status: 'completed', counters: { items: 4, chunks: 1, accepted: 1, rejected: 0 } });
    const rows = await db.select().from(products).where(eq(products.mpAccountId, account.accountId));
    expect(rows.map((row) => [row.price, row.discount, row.discountedPrice])).toEqual(rows.map(() => [1000, 50, '500.00']));
    expect(await auditCount('pricing.discount.bulk', account.accountId)).toBe(1);
  });

  it('the report is visible to the owner of the job and to admins; others get 404', async () => {
    const account = await pricedAccount(t, emulator, 2);
    const created = await post('/pricing/bulk', account.auth, {
      mpAccountId: account.accountId,
      items: [{ nmID: account.nmIds[0], price: 321 }],
    });
    const id = created.json().bulkJobId;
    await finishedBulk(t, account.auth, id);
    const admin = { authorization: `Bearer ${t.tokenFor('admin', '00000000-0000-4000-8000-00000000a001')}` };
    const adminView = await t.request({ method: 'GET', url: `/pricing/bulk/${id}`, headers: admin });
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json().id).toBe(id);
    const stranger = await pricedAccount(t, emulator, 1);
    expectErrorEnvelope(await t.request({ method: 'GET', url: `/pricing/bulk/${id}`, headers: stranger.auth }), 404, 'NOT_FOUND');
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: '/pricing/bulk/00000000-0000-4000-8000-000000000000', headers: account.auth }),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(await t.request({ method: 'GET', url: '/pricing/bulk/nope', headers: account.auth }), 400, 'VALIDATION_FAILED');
  });
});

describe('a rejected chunk', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ env: { APP_ROLE: 'all', MP_API_BASE_URL: emulator.url, PRICING_BULK_CHUNK_SIZE: '3' } });
  });
  afterAll(async () => {
    await small.close();
  });

  it('is recorded with the marketplace text while the other chunks are accepted, and the job completes', async () => {
    const account = await pricedAccount(small, emulator, 8);
    injectFaults(emulator, [
      { scope: 'prices', path: UPLOAD, status: 400, body: { data: null, error: true, errorText: 'Invalid discount value' }, times: 1 },
    ]);
    const response = await small.request({
      method: 'POST',
      url: '/pricing/bulk',
      headers: account.auth,
      payload: { mpAccountId: account.accountId, items: account.nmIds.map((nmID) => ({ nmID, price: 800 })) },
    });
    expect(response.statusCode, response.body).toBe(202);
    const report = await finishedBulk(small, account.auth, response.json().bulkJobId);
    expect(report.status).toBe('completed');
    expect(report.counters).toEqual({ items: 8, chunks: 3, accepted: 2, rejected: 1 });
    expect(report.result.chunks).toEqual([
      { index: 0, items: 3, errorText: 'Invalid discount value' },
      { index: 1, items: 3, taskId: expect.any(Number) },
      { index: 2, items: 2, taskId: expect.any(Number) },
    ]);
    const historyDb = small.app.get<Database>(DATABASE);
    const [rows] = await historyDb.select({ n: count() }).from(priceHistory).where(eq(priceHistory.mpAccountId, account.accountId));
    expect(rows.n).toBe(5);
    const [untouched] = await historyDb
      .select()
      .from(products)
      .where(and(eq(products.mpAccountId, account.accountId), eq(products.nmId, account.nmIds[0])));
    expect(untouched).toMatchObject({ price: 1000, pricePendingSince: null });
  });
});
