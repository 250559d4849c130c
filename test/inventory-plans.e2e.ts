import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { DATABASE, Database } from '../src/database/database.tokens';
import {
  auditLogs,
  bookingSupplies,
  bookingSupplyGoods,
  inventorySnapshotRows,
  inventorySnapshots,
  inventoryStocks,
  mpOrders,
  products,
} from '../src/database/schema';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let accountId: string;
const A = 1_000_000_001;
const B = 1_000_000_002;
const today = moscowToday(new Date());
const window = Array.from({ length: 28 }, (_, index) => shiftDay(today, index - 28));

const post = (payload: Record<string, unknown>, user: TestUser = owner) =>
  t.request({ method: 'POST', url: '/inventory/plans', headers: user.auth, payload: { mpAccountId: accountId, ...payload } });
const get = (url: string, user: TestUser = owner) => t.request({ method: 'GET', url, headers: user.auth });

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [owner, stranger, manager] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager')]);
  accountId = await createAccount(t, owner.id);
  const card = (nmId: number, sizes: string[]) => ({
    mpAccountId: accountId,
    nmId,
    vendorCode: `V-${nmId}`,
    title: `Товар ${nmId}`,
    brand: 'Бренд',
    cardUpdatedAt: new Date(),
    sizes: sizes.map((techSize, index) => ({ chrtID: nmId * 10 + index, techSize, skus: [`${nmId}${techSize}`] })),
  });
  await db.insert(products).values([card(701, ['S', 'M']), card(702, ['0'])]);
  // 701 S sells 2 a day in stock every day; 701 M sold 3 a day for three weeks, then was out of stock a week (its own
  // sizes' days, while S was in stock); 702 sells 2 a day and has 100 units.
  const order = (nmId: number, techSize: string, day: string, n: number) => ({
    ...feedRow(accountId, `${nmId}-${techSize}-${day}-${n}`, new Date(`${day}T12:00:00+03:00`), nmId, '10.00'),
    techSize,
    isCancel: false,
  });
  await db
    .insert(mpOrders)
    .values([
      ...window.flatMap((day) => [order(701, 'S', day, 0), order(701, 'S', day, 1), order(702, '0', day, 0), order(702, '0', day, 1)]),
      ...window.slice(0, 21).flatMap((day) => [0, 1, 2].map((n) => order(701, 'M', day, n))),
    ]);
  await db.insert(inventorySnapshots).values(
    window.map((day) => ({
      mpAccountId: accountId,
      day,
      takenAt: new Date(`${day}T20:00:00+03:00`),
      sources: { remains: 'ok' as const, stockReport: 'ok' as const, sellerWarehouses: 'ok' as const },
    })),
  );
  const row = (day: string, nmId: number, techSize: string, quantity: number) => ({
    mpAccountId: accountId,
    day,
    nmId,
    techSize,
    warehouseKind: 'mp' as const,
    warehouseId: A,
    quantity,
  });
  await db
    .insert(inventorySnapshotRows)
    .values([
      ...window.map((day) => row(day, 701, 'S', 20)),
      ...window.slice(0, 21).map((day) => row(day, 701, 'M', 5)),
      ...window.map((day) => row(day, 702, '0', 100)),
    ]);
  const stock = (nmId: number, techSize: string, warehouseId: number, quantity: number) => ({
    mpAccountId: accountId,
    nmId,
    techSize,
    warehouseKind: 'mp' as const,
    warehouseId,
    warehouseName: warehouseId === A ? 'Коледино' : 'Электросталь',
    quantity,
    syncedAt: new Date(),
  });
  await db.insert(inventoryStocks).values([stock(701, 'S', A, 15), stock(701, 'S', B, 5), stock(702, '0', A, 100)]);
  const [supply] = await db
    .insert(bookingSupplies)
    .values({ mpAccountId: accountId, supplyId: 1n, preorderId: 1n, status: 2, createDate: new Date() })
    .returning({ id: bookingSupplies.id });
  await db.insert(bookingSupplyGoods).values({
    supplyRowId: supply.id,
    barcode: '701S',
    nmId: 701,
    vendorCode: 'V-701',
    techSize: 'S',
    quantity: 10,
    acceptedQuantity: null,
  });
});

afterAll(() => t.close());

describe('inventory replenishment plans', () => {
  let firstId: string;

  it('golden quantities with the account’s defaults (30 + 7 days × 1.2); sizes with enough left out', async () => {
    const response = await post({});
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json();
    firstId = plan.id;
    expect(plan.params).toEqual({ targetDays: 30, leadTimeDays: 7, safetyFactor: 1.2, warehouseIds: null });
    // S: 2 × 37 × 1.2 = 88.8 → 89 − 20 − 10 = 59. M: 3 a day (its week out of stock skipped) × 44.4 = 133.2 → 134.
    expect(plan.lines.map(({ reason: _, ...line }: { reason: string }) => line)).toEqual([
      { nmId: 701, size: 'S', barcode: '701S', warehouseId: null, velocityPerDay: 2, stock: 20, inSupply: 10, quantity: 59 },
      { nmId: 701, size: 'M', barcode: '701M', warehouseId: null, velocityPerDay: 3, stock: 0, inSupply: 0, quantity: 134 },
    ]);
    expect(plan.lines[0].reason).toBe(
      'Продаётся 2 шт. в день: на 37 дн. (30 продаж + 7 до приёмки) с запасом ×1,2 нужно 89 шт.; на складах 20, в поставках 10 — отправить 59.',
    );
    expect(plan).toMatchObject({ lineCount: 2, units: 193 });
  });

  it('the request’s parameters and one warehouse’s stock', async () => {
    const response = await post({ targetDays: 7, leadTimeDays: 7, safetyFactor: 1.5, warehouseIds: [A] });
    expect(response.statusCode, response.body).toBe(201);
    // S: 2 × 14 × 1.5 = 42 − 15 at the warehouse − 10 = 17; M: 63; 702: 42 − 100 left out.
    expect(
      response
        .json()
        .lines.map((line: { size: string; quantity: number; warehouseId: number }) => [line.size, line.quantity, line.warehouseId]),
    ).toEqual([
      ['S', 17, A],
      ['M', 63, A],
    ]);
  });

  it('listed newest first without lines; one with its lines; audited', async () => {
    const list = await get(`/inventory/plans?mpAccountId=${accountId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta).toMatchObject({ total: 2 });
    expect(list.json().items[1]).toMatchObject({ id: firstId, lineCount: 2, units: 193 });
    expect(list.json().items[1].lines).toBeUndefined();
    const one = await get(`/inventory/plans/${firstId}?mpAccountId=${accountId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().lines).toHaveLength(2);
    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.mpAccountId, accountId), eq(auditLogs.action, 'inventory.plan.create')));
    expect(audits).toHaveLength(2);
  });

  it('bad parameters are 400; a foreign account, a manager and an unknown plan are 404', async () => {
    expectErrorEnvelope(await post({ targetDays: 0, safetyFactor: 5, warehouseIds: [] }), 400, 'VALIDATION_FAILED');
    expectErrorEnvelope(await post({}, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await post({}, manager), 404, 'NOT_FOUND');
    expectErrorEnvelope(await get(`/inventory/plans?mpAccountId=${accountId}`, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await get(`/inventory/plans/${firstId}?mpAccountId=${accountId}`, stranger), 404, 'NOT_FOUND');
    const strangerAccount = await createAccount(t, stranger.id);
    expectErrorEnvelope(await get(`/inventory/plans/${firstId}?mpAccountId=${strangerAccount}`, stranger), 404, 'NOT_FOUND');
  });
});
