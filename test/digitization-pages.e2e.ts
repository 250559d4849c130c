import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { importCheckpoints, mpOrders, mpSales } from '../src/database/schema';
import { jsonArrayOf } from '../src/marketplace/client/json-array-batches';
import { contentHash } from '../src/modules/digitization/imports/content-hash';
import { ImportsRepository, WriteBatch } from '../src/modules/digitization/imports/imports.repository';
import { createAccount, createUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

/** A statistics item as the marketplace writes it (reference 3.1, 3.2): Moscow times without a zone, amounts as JSON numbers. */
function item(srid: string, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    date: '2026-11-20T10:15:00',
    lastChangeDate: '2026-11-21T23:30:05',
    warehouseName: 'Коледино',
    warehouseType: 'Склад WB',
    countryName: 'Россия',
    oblastOkrugName: 'Центральный федеральный округ',
    regionName: 'Москва',
    supplierArticle: 'арт-1',
    nmId: 123456789,
    barcode: '2000000000011',
    category: 'Одежда',
    subject: 'Футболки',
    brand: 'Бренд',
    techSize: 'M',
    incomeID: 56735459,
    isSupply: false,
    isRealization: true,
    totalPrice: 1234.5,
    discountPercent: 30,
    spp: 25,
    finishedPrice: 0.1 + 0.2,
    priceWithDisc: 864.15,
    sticker: '926912515',
    gNumber: '34343434343434343434',
    srid,
    ...extra,
  };
}

/** A page of batches, written as an import writes them (each item's text, key and text hash), ending at `cursor`. */
const page =
  (batches: Record<string, unknown>[][], cursor: string | undefined, probe = true) =>
  async (write: WriteBatch): Promise<string | undefined> => {
    for (const batch of batches) {
      const texts = batch.map((entry) => Buffer.from(JSON.stringify(entry)));
      const json = (positions: number[]) => jsonArrayOf(positions.map((position) => texts[position]));
      await write({ probe, keys: batch.map((entry) => String(entry.saleID ?? entry.srid)), hashes: texts.map(contentHash), json });
    }
    return cursor;
  };

describe('a page of a statistics feed, written', () => {
  let t: TestApp;
  let db: Database;
  let repository: ImportsRepository;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Database>(DATABASE);
    repository = t.app.get(ImportsRepository);
    accountId = await createAccount(t, (await createUser(t)).id);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps Moscow times as instants, amounts to the kopeck and the cancellation, with the checkpoint and its counts', async () => {
    const jobId = randomUUID();
    const orders = [
      item('o-1', { isCancel: false, cancelDate: '0001-01-01T00:00:00' }),
      item('o-2', { isCancel: true, cancelDate: '2026-11-22T01:00:00', lastChangeDate: '2026-11-22T01:00:00+03:00', totalPrice: -417.35 }),
    ];
    const counts = await repository.savePage(
      jobId,
      'orders',
      accountId,
      page([orders.slice(0, 1), orders.slice(1)], '2026-11-22T01:00:00'),
    );
    expect(counts).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    const rows = await db.select().from(mpOrders).where(eq(mpOrders.mpAccountId, accountId)).orderBy(mpOrders.srid);
    expect(
      rows.map((row) => [row.srid, row.date.toISOString(), row.lastChangeDate.toISOString(), row.cancelDate?.toISOString() ?? null]),
    ).toEqual([
      ['o-1', '2026-11-20T07:15:00.000Z', '2026-11-21T20:30:05.000Z', null],
      ['o-2', '2026-11-20T07:15:00.000Z', '2026-11-21T22:00:00.000Z', '2026-11-21T22:00:00.000Z'],
    ]);
    expect(rows.map((row) => [row.totalPrice, row.finishedPrice, row.priceWithDisc, row.incomeId])).toEqual([
      ['1234.50', '0.30', '864.15', 56735459],
      ['-417.35', '0.30', '864.15', 56735459],
    ]);
    const [checkpoint] = await db.select().from(importCheckpoints).where(eq(importCheckpoints.jobId, jobId));
    expect(checkpoint).toMatchObject({ feed: 'orders', cursor: '2026-11-22T01:00:00', inserted: 2, updated: 0, unchanged: 0, done: false });

    const again = await repository.savePage(
      jobId,
      'orders',
      accountId,
      page([[orders[0], { ...orders[1], totalPrice: 100 }]], '2026-11-23T00:00:00'),
    );
    expect(again).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    const [moved] = await db.select().from(importCheckpoints).where(eq(importCheckpoints.jobId, jobId));
    expect(moved).toMatchObject({ cursor: '2026-11-23T00:00:00', inserted: 2, updated: 1, unchanged: 1 });
  });

  it('a text sent again is not written again; a row without a hash, the same, gets its hash; a changed text is updated', async () => {
    const order = (srid: string, totalPrice: number) => item(srid, { isCancel: false, cancelDate: '0001-01-01T00:00:00', totalPrice });
    const first = [order('h-1', 100), order('h-2', 200), order('h-3', 300)];
    expect(await repository.savePage(randomUUID(), 'orders', accountId, page([first], 'a'))).toEqual({
      inserted: 3,
      updated: 0,
      unchanged: 0,
    });
    const stored = async (srid: string) => (await db.select().from(mpOrders).where(eq(mpOrders.srid, srid)))[0];
    expect((await stored('h-1')).contentHash).toBe(contentHash(Buffer.from(JSON.stringify(first[0]))));
    // Our copy of h-1 edited with its hash kept: the same text from the marketplace is skipped, so the edit stays.
    await db.update(mpOrders).set({ totalPrice: '1.23' }).where(eq(mpOrders.srid, 'h-1'));
    await db.update(mpOrders).set({ contentHash: null }).where(eq(mpOrders.srid, 'h-2'));
    const again = [first[0], first[1], order('h-3', 301)];
    expect(await repository.savePage(randomUUID(), 'orders', accountId, page([again], 'b'))).toEqual({
      inserted: 0,
      updated: 1,
      unchanged: 2,
    });
    expect(await stored('h-1')).toMatchObject({ totalPrice: '1.23' });
    expect((await stored('h-2')).contentHash).toBe(contentHash(Buffer.from(JSON.stringify(first[1]))));
    expect(await stored('h-3')).toMatchObject({ totalPrice: '301.00', contentHash: contentHash(Buffer.from(JSON.stringify(again[2]))) });
  });

  it('without the stored hashes looked up, every row is sent on: one met again is unchanged, a changed one updated', async () => {
    const order = (srid: string, totalPrice: number) => item(srid, { isCancel: false, cancelDate: '0001-01-01T00:00:00', totalPrice });
    const first = [order('p-1', 100), order('p-2', 200)];
    expect(await repository.savePage(randomUUID(), 'orders', accountId, page([first], 'a', false))).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    const again = [first[0], order('p-2', 201), order('p-3', 300)];
    expect(await repository.savePage(randomUUID(), 'orders', accountId, page([again], 'b', false))).toEqual({
      inserted: 1,
      updated: 1,
      unchanged: 1,
    });
    const rows = await db.select().from(mpOrders).where(eq(mpOrders.mpAccountId, accountId));
    expect(rows.filter((row) => row.srid.startsWith('p-')).map((row) => [row.srid, row.totalPrice])).toEqual(
      expect.arrayContaining([
        ['p-1', '100.00'],
        ['p-2', '201.00'],
        ['p-3', '300.00'],
      ]),
    );
  });

  it.each([
    ['S9993700024', 100.5, 'sale'],
    ['R9993700024', -100.5, 'return'],
    ['D1234', 50, 'sale'],
    ['A1234', -50, 'return'],
  ])('saleID %s (forPay %d) is kept as a %s', async (saleID, forPay, kind) => {
    await repository.savePage(
      randomUUID(),
      'sales',
      accountId,
      page([[item(`s-${saleID}`, { saleID, forPay, paymentSaleAmount: 10 })]], 'x'),
    );
    const [row] = await db.select().from(mpSales).where(eq(mpSales.saleId, saleID));
    expect(row).toMatchObject({ kind, forPay: forPay.toFixed(2), srid: `s-${saleID}` });
  });

  it('a batch PostgreSQL refuses: nothing of the page is kept, and the checkpoint does not move', async () => {
    const jobId = randomUUID();
    const good = [item('bad-page-1', { isCancel: false, cancelDate: '0001-01-01T00:00:00' })];
    const bad = [item('bad-page-2', { isCancel: false, cancelDate: '0001-01-01T00:00:00', date: 'не дата' })];
    await expect(repository.savePage(jobId, 'orders', accountId, page([good, bad], 'z'))).rejects.toThrow();
    expect(await db.select().from(mpOrders).where(eq(mpOrders.srid, 'bad-page-1'))).toEqual([]);
    expect(await db.select().from(importCheckpoints).where(eq(importCheckpoints.jobId, jobId))).toEqual([]);
  });

  it('an empty page moves nothing', async () => {
    const jobId = randomUUID();
    expect(await repository.savePage(jobId, 'orders', accountId, page([], undefined))).toEqual({ inserted: 0, updated: 0, unchanged: 0 });
    expect(await db.select().from(importCheckpoints).where(eq(importCheckpoints.jobId, jobId))).toEqual([]);
  });
});
