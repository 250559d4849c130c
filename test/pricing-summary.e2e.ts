import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { priceBulkChunks, priceBulkJobs, priceHistory, products } from '../src/database/schema';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { connectedSince, createAccount, createBrand, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

/** Long before every window the tests read: their previous windows are whole. */
const CONNECTED = new Date('2020-01-01T00:00:00Z');

const DAY_MS = 86_400_000;
/** Noon UTC of the day `days` days ago (today's noon may still be ahead: it is inside the current window all the same). */
const daysAgo = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - days * DAY_MS + DAY_MS / 2);

describe('GET /pricing/summary', () => {
  let t: TestApp;
  let db: Database;
  let owner: TestUser;
  let accountId: string;
  let brandId: string;

  const summary = (query: string, user: TestUser = owner) =>
    t.request({ method: 'GET', url: `/pricing/summary?${query}`, headers: user.auth });

  async function change(nmId: number, at: Date, newDiscount: number | null): Promise<void> {
    await db.insert(priceHistory).values({
      mpAccountId: accountId,
      nmId,
      oldPrice: 1000,
      newPrice: 1100,
      oldDiscount: null,
      newDiscount,
      source: 'manual',
      createdAt: at,
    });
  }

  async function bulkJob(at: Date, nmIds: number[], rejectedChunks: number): Promise<void> {
    const [job] = await db
      .insert(priceBulkJobs)
      .values({
        mpAccountId: accountId,
        ownerId: owner.id,
        kind: 'price',
        status: 'completed',
        items: nmIds.map((nmID) => ({ nmID, price: 900 })),
        createdAt: at,
      })
      .returning({ id: priceBulkJobs.id });
    for (let index = 0; index < rejectedChunks; index += 1)
      await db.insert(priceBulkChunks).values({ bulkJobId: job.id, index, items: 1, errorText: 'Invalid price', sentAt: at });
  }

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Database>(DATABASE);
    owner = await createUser(t);
    accountId = await createAccount(t, owner.id);
    await connectedSince(t, accountId, CONNECTED);
    brandId = await createBrand(t, accountId, 'Бренд А');
    const otherBrand = await createBrand(t, accountId, 'Бренд Б');
    const product = (nmId: number, brand: string, brandUuid: string) => ({
      mpAccountId: accountId,
      nmId,
      vendorCode: `V${nmId}`,
      title: `Товар ${nmId}`,
      brand,
      brandId: brandUuid,
      cardUpdatedAt: new Date(),
    });
    await db.insert(products).values([product(1, 'Бренд А', brandId), product(2, 'Бренд А', brandId), product(3, 'Бренд Б', otherBrand)]);

    // Current 7-day window: 4 changes of 3 products (discounts 10, 20, none, 30), one bulk job with a rejected chunk.
    await change(1, daysAgo(0), 10);
    await change(1, daysAgo(2), 20);
    await change(2, daysAgo(3), null);
    await change(3, daysAgo(6), 30);
    await bulkJob(daysAgo(1), [3], 1);
    // Previous 7-day window: 2 changes of product 1 (discount 10), no bulk jobs.
    await change(1, daysAgo(8), 10);
    await change(1, daysAgo(13), null);
    // Outside both 7-day windows, inside the 30-day one.
    await change(2, daysAgo(20), 50);
  });
  afterAll(() => t.close());

  it('7d: indicators of the last 7 UTC days with deltas to the 7 days before; null where there is nothing to compare', async () => {
    const response = await summary(`mpAccountId=${accountId}&period=7d`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      period: '7d',
      currency: 'RUB',
      updatedAt: expect.any(String),
      priceChanges: 4,
      priceChangesDelta: 100,
      productsRepriced: 3,
      productsRepricedDelta: 200,
      bulkJobs: 1,
      bulkJobsDelta: null,
      rejectedUploads: 1,
      rejectedUploadsDelta: null,
      avgDiscountPct: 20,
      avgDiscountPctDelta: 100,
    });
  });

  it('30d is the default period', async () => {
    const body = (await summary(`mpAccountId=${accountId}`)).json();
    expect(body).toMatchObject({ period: '30d', priceChanges: 7, productsRepriced: 3, priceChangesDelta: null, avgDiscountPct: 24 });
  });

  it('brandId narrows every indicator to that brand', async () => {
    const body = (await summary(`mpAccountId=${accountId}&period=7d&brandId=${brandId}`)).json();
    expect(body).toMatchObject({
      priceChanges: 3,
      productsRepriced: 2,
      bulkJobs: 0,
      rejectedUploads: 0,
      avgDiscountPct: 15,
      priceChangesDelta: 50,
    });
  });

  it('every delta is null while the account was connected inside the previous window', async () => {
    const fresh = await createAccount(t, owner.id, 'Подключён недавно');
    await connectedSince(t, fresh, daysAgo(10));
    const values = (at: Date) => ({ mpAccountId: fresh, nmId: 1, oldPrice: 1000, newPrice: 900, source: 'manual' as const, createdAt: at });
    await db.insert(priceHistory).values([values(daysAgo(1)), values(daysAgo(9))]);
    const response = await summary(`mpAccountId=${fresh}&period=7d`);
    expect(response.json()).toMatchObject({ priceChanges: 1, priceChangesDelta: null, bulkJobsDelta: null });
    expect((await summary(`mpAccountId=${fresh}&period=30d`)).json()).toMatchObject({ priceChanges: 2, priceChangesDelta: null });
    await connectedSince(t, fresh, daysAgo(14));
    expect((await summary(`mpAccountId=${fresh}&period=7d`)).json()).toMatchObject({ priceChanges: 1, priceChangesDelta: 0 });
  });

  it('bad input: unknown period, bad ids, a brand of another account; a foreign account is 404', async () => {
    expect(
      fieldErrors(expectErrorEnvelope(await summary(`mpAccountId=${accountId}&period=90d`), 400, 'VALIDATION_FAILED').details),
    ).toEqual({ period: ['isIn'] });
    expect(fieldErrors(expectErrorEnvelope(await summary('mpAccountId=nope'), 400, 'VALIDATION_FAILED').details)).toEqual({
      mpAccountId: ['isUUID'],
    });
    const otherAccount = await createAccount(t, owner.id, 'Второй');
    expectErrorEnvelope(await summary(`mpAccountId=${otherAccount}&brandId=${brandId}`), 404, 'NOT_FOUND');
    expectErrorEnvelope(await summary(`mpAccountId=${accountId}`, await createUser(t)), 404, 'NOT_FOUND');
  });
});
