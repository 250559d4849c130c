import { beforeAll, describe, expect, it } from 'vitest';

import type { Seller } from '../emulator/src/sellers';
import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import type { Database } from '../src/database/database.tokens';
import {
  bookingSupplies,
  bookingSupplyGoods,
  inventoryCover,
  inventorySnapshotRows,
  inventorySnapshots,
  inventoryStocks,
  mpOrders,
} from '../src/database/schema';
import { InventoryCover } from '../src/modules/inventory/planning/inventory-cover';
import { DEFAULT_INVENTORY_SETTINGS } from '../src/modules/inventory/settings/inventory-settings.repository';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertSellerCatalog, inventorySynced, koledinoStock } from './support/inventory';
import { emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

let owner: TestUser;
let stranger: TestUser;
let accountId: string;
let seller: Seller;
const today = moscowToday(new Date());
/** The 28 complete Moscow days before today, oldest first. */
const window = Array.from({ length: 28 }, (_, index) => shiftDay(today, index - 28));
const nm = (index: number) => seller.catalog.nmIdBase + index;

interface Item {
  nmId: number;
  quantity: number;
  inSupply: number;
  velocityPerDay: number | null;
  daysOfCover: number | null;
  status: string;
}

const get = (url: string, user: TestUser = owner) => t.request({ method: 'GET', url, headers: user.auth });

async function items(query: string): Promise<Item[]> {
  const response = await get(`/inventory/stocks?mpAccountId=${accountId}&limit=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Item[] }>().items;
}

/** `count` orders of a SKU on a Moscow day, at 12:00 Moscow time. */
const ordersOn = (nmId: number, day: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({
    ...feedRow(accountId, `${nmId}-${day}-${n}`, new Date(`${day}T12:00:00+03:00`), nmId, '100.00'),
    isCancel: false,
  }));

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createUser(t), createUser(t)]);
  const created = emulator.context.sellers.create({ cards: 6 });
  seller = created.seller;
  accountId = await createAccount(t, owner.id, 'Кабинет', created.token.token);
  await insertSellerCatalog(t, db, accountId, seller);
  // Card 0 sells 2 a day in stock every day; card 1 sold 4 a day for three weeks, then was out of stock the last week
  // (no snapshot row, no orders); card 2 is in stock and never sold; card 3 sold but has nothing left.
  const orders = [
    ...window.flatMap((day) => ordersOn(nm(0), day, 2)),
    ...window.slice(0, 21).flatMap((day) => ordersOn(nm(1), day, 4)),
    ...window.flatMap((day) => ordersOn(nm(3), day, 1)),
    // A cancelled order is no demand; one of today is not read yet.
    { ...feedRow(accountId, 'cancelled', new Date(`${window[27]}T12:00:00+03:00`), nm(0), '1.00'), isCancel: true },
    ...ordersOn(nm(0), today, 50),
  ];
  await db.insert(mpOrders).values(orders);
  await db.insert(inventorySnapshots).values(
    window.map((day) => ({
      mpAccountId: accountId,
      day,
      takenAt: new Date(`${day}T20:00:00+03:00`),
      sources: { remains: 'ok' as const, stockReport: 'ok' as const, sellerWarehouses: 'ok' as const },
    })),
  );
  const row = (day: string, nmId: number, quantity: number) => ({
    mpAccountId: accountId,
    day,
    nmId,
    techSize: '0',
    warehouseKind: 'mp' as const,
    warehouseId: 1_000_000_001,
    quantity,
  });
  await db
    .insert(inventorySnapshotRows)
    .values([
      ...window.map((day) => row(day, nm(0), 40)),
      ...window.slice(0, 21).map((day) => row(day, nm(1), 30)),
      ...window.map((day) => row(day, nm(2), 7)),
    ]);
  const stock = (nmId: number, quantity: number) => koledinoStock(accountId, nmId, quantity);
  await db.insert(inventoryStocks).values([stock(nm(0), 10), stock(nm(1), 8), stock(nm(2), 7)]);
  // 6 units of card 0 on their way in a planned supply, 3 of 5 left of one being accepted; an accepted one is not counted.
  const supplies = await db
    .insert(bookingSupplies)
    .values([
      { mpAccountId: accountId, supplyId: 1n, preorderId: 11n, status: 2, createDate: new Date() },
      { mpAccountId: accountId, supplyId: 2n, preorderId: 12n, status: 4, createDate: new Date() },
      { mpAccountId: accountId, supplyId: 3n, preorderId: 13n, status: 5, createDate: new Date() },
    ])
    .returning({ id: bookingSupplies.id });
  const good = (supplyRowId: string, quantity: number, acceptedQuantity: number | null) => ({
    supplyRowId,
    barcode: `b-${supplyRowId}`,
    nmId: nm(0),
    vendorCode: 'v',
    techSize: '0',
    quantity,
    acceptedQuantity,
  });
  await db.insert(bookingSupplyGoods).values([good(supplies[0].id, 6, null), good(supplies[1].id, 5, 2), good(supplies[2].id, 9, 9)]);
  await t.app.get(InventoryCover).refresh(accountId, DEFAULT_INVENTORY_SETTINGS);
});

describe('inventory velocity, days of cover and status', () => {
  it('velocity skips the days out of stock; cover and status from the stock left', async () => {
    const byNm = new Map((await items('')).map((item) => [item.nmId, item]));
    expect(byNm.get(nm(0))).toMatchObject({ quantity: 10, velocityPerDay: 2, daysOfCover: 5, status: 'soon', inSupply: 9 });
    // 4 a day over the 21 days it was in stock, not 3 a day over all 28.
    expect(byNm.get(nm(1))).toMatchObject({ quantity: 8, velocityPerDay: 4, daysOfCover: 2, status: 'urgent', inSupply: 0 });
    expect(byNm.get(nm(2))).toMatchObject({ quantity: 7, velocityPerDay: 0, daysOfCover: null, status: 'no_sales' });
    expect(byNm.get(nm(3))).toMatchObject({ quantity: 0, velocityPerDay: 1, daysOfCover: 0, status: 'oos' });
    expect(byNm.get(nm(4))).toMatchObject({ quantity: 0, velocityPerDay: null, daysOfCover: null, status: 'oos' });
  });

  it('sorted by days of cover, SKUs without sales last either way; filtered by status', async () => {
    expect((await items('&sortBy=daysOfCover&sortDirection=asc')).map((item) => item.nmId)).toEqual([
      nm(3),
      nm(1),
      nm(0),
      nm(2),
      nm(4),
      nm(5),
    ]);
    expect((await items('&sortBy=daysOfCover&sortDirection=desc')).map((item) => item.nmId)).toEqual([
      nm(0),
      nm(1),
      nm(3),
      nm(5),
      nm(4),
      nm(2),
    ]);
    // Pages of two: the second of each direction ends the SKUs with days of cover and starts those without.
    const page = async (direction: string, number: number) => {
      const response = await get(
        `/inventory/stocks?mpAccountId=${accountId}&sortBy=daysOfCover&sortDirection=${direction}&limit=2&page=${number}`,
      );
      return response.json<{ items: Item[] }>().items.map((item) => item.nmId);
    };
    expect(await page('asc', 2)).toEqual([nm(0), nm(2)]);
    expect(await page('desc', 2)).toEqual([nm(3), nm(5)]);
    expect(await page('desc', 3)).toEqual([nm(4), nm(2)]);
    expect((await items('&status=urgent')).map((item) => item.nmId)).toEqual([nm(1)]);
    expect((await items('&status=oos')).map((item) => item.nmId)).toEqual([nm(3), nm(4), nm(5)]);
    const bad = await get(`/inventory/stocks?mpAccountId=${accountId}&status=late`);
    expectErrorEnvelope(bad, 400, 'VALIDATION_FAILED');
  });

  it('a SKU shows its last 30 days: units at each snapshot (null without one) and orders', async () => {
    const response = await get(`/inventory/stocks/${nm(1)}?mpAccountId=${accountId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { points, sizes } = response.json<{ points: { day: string; quantity: number | null; orders: number }[]; sizes: unknown[] }>();
    expect(points).toHaveLength(30);
    expect(points[29]).toEqual({ day: today, quantity: null, orders: 0 });
    expect(points[0]).toEqual({ day: shiftDay(today, -29), quantity: null, orders: 0 });
    expect(points.slice(1, 22)).toEqual(window.slice(0, 21).map((day) => ({ day, quantity: 30, orders: 4 })));
    expect(points.slice(22, 29)).toEqual(window.slice(21, 28).map((day) => ({ day, quantity: 0, orders: 0 })));
    expect(Array.isArray(sizes)).toBe(true);
    const first = await get(`/inventory/stocks/${nm(0)}?mpAccountId=${accountId}`);
    expect(first.json().inSupply).toBe(9);
    expect(first.json().points[29]).toEqual({ day: today, quantity: null, orders: 50 });
  });

  it('a sync stores the cover of every listed SKU', { timeout: 120_000 }, async () => {
    const status = await inventorySynced(t, owner.auth, accountId);
    expect(status.state, JSON.stringify(status)).toBe('completed');
    const rows = await db.select().from(inventoryCover);
    expect(
      rows
        .filter((row) => row.mpAccountId === accountId)
        .map((row) => row.nmId)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5].map(nm));
    // Velocity does not depend on the stock the sync brought: card 1 still sells 4 a day.
    expect(rows.find((row) => row.nmId === nm(1))?.velocityPerDay).toBe(4);
  });

  it('a foreign account is 404', async () => {
    expectErrorEnvelope(await get(`/inventory/stocks?mpAccountId=${accountId}&sortBy=daysOfCover`, stranger), 404, 'NOT_FOUND');
  });
});
