import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import type { Database } from '../src/database/database.tokens';
import {
  adStatsCoverage,
  inventoryCover,
  inventorySnapshotRows,
  inventorySnapshots,
  mpOrders,
  priceHistory,
  rnpDailyRows,
} from '../src/database/schema';
import { insertStats } from './support/ad-campaigns';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { connectedSince, createUser, grantedBrand, TestUser } from './support/identity';
import { insertInboxItem } from './support/inbox-items';
import { EmulatedAccount, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import { insertProducts } from './support/pricing-catalog';
import { pulseRefreshed } from './support/rnp-pulse';
import type { TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let emulator: RunningEmulator;
let account: EmulatedAccount;
let manager: TestUser;
let listId: string;

emulatedServiceForFile((service) => ({ t, db, emulator } = service));

// Cards of the catalog that the emulator's seller does not have: the funnel leaves them to the service's own sources.
const [OOS, DRR, REVIEWS, QUIET] = [7_100_001, 7_100_002, 7_100_003, 7_100_004];
const TODAY = moscowToday(new Date());
/** The fixture's day and the one before it, Moscow days of last week. */
const DAY = shiftDay(TODAY, -3);
const BEFORE = shiftDay(DAY, -1);
/** A Moscow time of a day, as an instant. */
const at = (day: string, time: string) => new Date(`${day}T${time}+03:00`);

const get = (url: string, user: TestUser = account.owner) => t.request({ method: 'GET', url, headers: user.auth });
const matrixUrl = (query: string, path = '/rnp/analytics') =>
  `${path}?mpAccountId=${account.accountId}&dateFrom=${BEFORE}&dateTo=${DAY}&${query}`;

interface Row {
  nmId: number;
  plan: Record<string, unknown> | null;
  /** Columns: element i of each is the i-th period's. */
  cells: Record<string, unknown[]> & { period: string[]; days: number[] };
  [figure: string]: unknown;
}

/** One period's cell of a SKU, gathered from the columns. */
function cellOf(rows: Row[], nmId: number, period: string): Record<string, unknown> {
  const { cells } = rows.find((row) => row.nmId === nmId)!;
  const at = cells.period.indexOf(period);
  expect(at, `${nmId} has no cell of ${period}`).toBeGreaterThanOrEqual(0);
  return Object.fromEntries(Object.entries(cells).map(([name, column]) => [name, column[at]]));
}

beforeAll(async () => {
  account = await emulatedAccount(t, emulator);
  const { accountId } = account;
  await insertProducts(db, accountId, [OOS, DRR, REVIEWS, QUIET], { price: 1200, discount: 10 });
  // OOS: 5 units at 1 a day on DAY, and a price of 1000 −10 % until the service changed it at noon of DAY.
  await db.insert(inventorySnapshots).values({ mpAccountId: accountId, day: DAY, takenAt: at(DAY, '20:00:00'), sources: {} as never });
  // The others in stock without sales that day: their cover is unknown.
  await db.insert(inventorySnapshotRows).values(
    [OOS, DRR, REVIEWS, QUIET].map((nmId) => ({
      mpAccountId: accountId,
      day: DAY,
      nmId,
      techSize: '0',
      warehouseKind: 'mp' as const,
      warehouseId: 1,
      quantity: nmId === OOS ? 5 : 100,
    })),
  );
  await db.insert(inventoryCover).values({
    mpAccountId: accountId,
    nmId: OOS,
    quantity: 5,
    velocityPerDay: 1,
    daysOfCover: 5,
    status: 'urgent',
    statusSince: new Date(),
    computedAt: new Date(),
  });
  await db.insert(priceHistory).values({
    mpAccountId: accountId,
    nmId: OOS,
    oldPrice: 1000,
    newPrice: 1200,
    oldDiscount: 10,
    newDiscount: 10,
    source: 'manual',
    createdAt: at(DAY, '12:00:00'),
  });
  // DRR: 300,50 ₽ of ads (kopecks) on 2 orders of 1000 ₽: 15,03 % against a target of 10 %, and 2 of a plan of 10.
  await insertStats(db, accountId, 501, DRR, DAY, { views: 1000, clicks: 40, spendKopecks: 30_050 });
  await db.insert(adStatsCoverage).values({ mpAccountId: accountId, advertId: 501, fromDay: BEFORE, toDay: DAY });
  await db.insert(mpOrders).values([
    { ...feedRow(accountId, 'drr-1', at(DAY, '10:00:00'), DRR, '1000.00'), isCancel: false },
    { ...feedRow(accountId, 'drr-2', at(DAY, '11:00:00'), DRR, '1000.00'), isCancel: false },
    // 23:30 Moscow is still its own day; 01:00 Moscow is the next day already (22:00 UTC of the day before).
    { ...feedRow(accountId, 'late', at(BEFORE, '23:30:00'), REVIEWS, '500.00'), isCancel: false },
    { ...feedRow(accountId, 'early', at(DAY, '01:00:00'), REVIEWS, '700.00'), isCancel: false },
  ]);
  // REVIEWS: a 2-star feedback at 23:30 of DAY and a 5-star one.
  await insertInboxItem(db, accountId, { nmId: REVIEWS, rating: 2, createdAt: at(DAY, '23:30:00') });
  await insertInboxItem(db, accountId, { nmId: REVIEWS, rating: 5, createdAt: at(DAY, '09:00:00') });

  const list = await t.request({
    method: 'POST',
    url: '/rnp/product-lists',
    headers: account.owner.auth,
    payload: { mpAccountId: accountId, name: 'Пульс' },
  });
  listId = list.json().id;
  const plan = { status: 'action', planOrdersPerDay: 10, targetDrrPct: 10 };
  const items = [OOS, DRR, REVIEWS, QUIET].map((nmId) => ({ nmId, ...plan, ...(nmId === QUIET && { planOrdersPerDay: 0 }) }));
  const added = await t.request({
    method: 'POST',
    url: `/rnp/product-lists/${listId}/items`,
    headers: account.owner.auth,
    payload: { items },
  });
  expect(added.statusCode, added.body).toBe(200);

  const admin = await createUser(t, 'admin');
  manager = await createUser(t, 'manager');
  await grantedBrand(t, admin, manager, accountId, [OOS, DRR]);

  const refreshed = await pulseRefreshed(t, account.owner.auth, { mpAccountId: accountId, dateFrom: BEFORE, dateTo: DAY });
  expect(refreshed.state, JSON.stringify(refreshed)).toBe('completed');
});

describe('the daily pulse', () => {
  it('flags each SKU’s day against the fixture, and an order lands on its Moscow day', async () => {
    const response = await get(matrixUrl(`listId=${listId}`));
    expect(response.statusCode, response.body).toBe(200);
    const rows: Row[] = response.json().items;
    expect(rows.map((row) => row.nmId)).toEqual([OOS, DRR, REVIEWS, QUIET]);
    expect(cellOf(rows, OOS, DAY)).toMatchObject({
      flags: ['oos_risk', 'price_changed'],
      stock: 5,
      daysOfCover: 5,
      price: 1080,
      hasFunnel: false,
      hasAds: true,
      hasPrice: true,
      hasStock: true,
    });
    expect(cellOf(rows, OOS, BEFORE)).toMatchObject({ price: 900, stock: null, hasStock: false });
    expect(cellOf(rows, DRR, DAY)).toMatchObject({
      flags: ['drr_over_target', 'below_plan'],
      ordersQty: 2,
      ordersSum: 2000,
      ordersSource: 'orders',
      adSpend: 300.5,
      adViews: 1000,
      adClicks: 40,
      ctrPct: 4,
      cpc: 7.51,
      drrPct: 15.03,
      planOrders: 10,
      planCompletionPct: 20,
    });
    expect(cellOf(rows, REVIEWS, DAY)).toMatchObject({ flags: ['below_plan', 'bad_reviews'], badReviews: 1, feedbacks: 2, rating: 3.5 });
    expect(cellOf(rows, REVIEWS, DAY)).toMatchObject({ ordersQty: 1, ordersSum: 700 });
    expect(cellOf(rows, REVIEWS, BEFORE)).toMatchObject({ ordersQty: 1, ordersSum: 500 });
    expect(cellOf(rows, QUIET, DAY)).toMatchObject({ flags: [], ordersQty: null, planOrders: 0 });
    // The stored row carries the same flags as the matrix.
    const [stored] = await db
      .select({ flags: rnpDailyRows.flags })
      .from(rnpDailyRows)
      .where(and(eq(rnpDailyRows.mpAccountId, account.accountId), eq(rnpDailyRows.nmId, DRR), eq(rnpDailyRows.day, DAY)));
    expect(stored.flags).toEqual(['drr_over_target', 'below_plan']);
  });

  it('without a list or nmIds, every SKU of the account’s lists', async () => {
    const response = await get(matrixUrl(''));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items.map((row: Row) => row.nmId)).toEqual([OOS, DRR, REVIEWS, QUIET]);
    expect(response.json().items[1]).toMatchObject({ plan: { listId, planOrdersPerDay: 10, targetDrrPct: 10 } });
  });

  it('groups a week from Monday: sums, plan over the days in it, last known stock', async () => {
    const response = await get(matrixUrl(`nmIds=${DRR},${OOS}&groupBy=week`));
    expect(response.statusCode, response.body).toBe(200);
    const rows: Row[] = response.json().items;
    const weeks = rows.find((row) => row.nmId === DRR)!.cells;
    // DAY and the day before it: one week, or two when DAY is a Monday.
    expect(weeks.days.reduce((total, days) => total + days, 0)).toBe(2);
    expect(weeks.period.every((monday) => new Date(`${monday}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect((weeks.ordersQty as (number | null)[]).reduce<number>((total, qty) => total + (qty ?? 0), 0)).toBe(2);
    expect(rows.find((row) => row.nmId === DRR)).toMatchObject({ ordersQty: 2, planOrders: 20, planCompletionPct: 10 });
    expect(rows.find((row) => row.nmId === OOS)!.cells.stock.at(-1)).toBe(5);
  });

  it('a period without rows is empty, and a week has a source only when every day of it has', async () => {
    // The day before the refreshed days has no rows.
    const earlier = shiftDay(BEFORE, -1);
    const range = (dateFrom: string, groupBy: string) =>
      `/rnp/analytics?mpAccountId=${account.accountId}&nmIds=${OOS}&dateFrom=${dateFrom}&dateTo=${DAY}&groupBy=${groupBy}`;
    const days = await get(range(earlier, 'day'));
    expect(days.statusCode, days.body).toBe(200);
    expect(cellOf(days.json().items, OOS, earlier)).toEqual({
      ...Object.fromEntries(Object.keys(days.json().items[0].cells).map((name) => [name, null])),
      period: earlier,
      days: 1,
      feedbacks: 0,
      badReviews: 0,
      planOrders: 10,
      flags: [],
      hasFunnel: false,
      hasAds: false,
      hasPrice: false,
      hasStock: false,
      version: 0,
    });
    expect(cellOf(days.json().items, OOS, BEFORE)).toMatchObject({ price: 900, hasPrice: true });
    // The first week of each range is the week of its first day: without a row on the earlier day, no price throughout.
    const [withGap, complete] = await Promise.all([get(range(earlier, 'week')), get(range(BEFORE, 'week'))]);
    expect(withGap.json().items[0].cells.hasPrice[0]).toBe(false);
    expect(complete.json().items[0].cells.hasPrice[0]).toBe(true);
  });

  it('exports the matrix as Russian Excel opens it', async () => {
    const response = await get(matrixUrl(`listId=${listId}`, '/rnp/analytics/export'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="rnp-${BEFORE}-${DAY}.csv"`);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0].startsWith('Артикул WB;Артикул продавца;Название;Бренд;Статус;План заказов в день;')).toBe(true);
    expect(lines).toHaveLength(1 + 4 * 2 + 1);
    const header = lines[0].split(';');
    const drrLine = lines.find((line) => line.startsWith(`${DRR};`) && line.includes(`;${DAY};`))!.split(';');
    expect(drrLine[header.indexOf('ДРР, %')]).toBe('15,03');
    expect(drrLine[header.indexOf('Расход на рекламу, ₽')]).toBe('300,5');
    expect(drrLine[header.indexOf('Отметки')]).toBe('ДРР выше цели, Ниже плана');
    expect(drrLine[header.indexOf('Статус')]).toBe('Акция');
  });

  it('bad queries answer 400 and a foreign list 404', async () => {
    expectErrorEnvelope(await get(matrixUrl(`listId=${listId}&nmIds=${OOS}`)), 400, 'VALIDATION_FAILED');
    expectErrorEnvelope(
      await get(`/rnp/analytics?mpAccountId=${account.accountId}&dateFrom=${DAY}&dateTo=${BEFORE}&listId=${listId}`),
      400,
      'VALIDATION_FAILED',
    );
    const stranger = await createUser(t);
    expectErrorEnvelope(await get(matrixUrl(`listId=${listId}`), stranger), 404, 'NOT_FOUND');
    const other = await emulatedAccount(t, emulator);
    expectErrorEnvelope(
      await get(`/rnp/analytics?mpAccountId=${other.accountId}&dateFrom=${BEFORE}&dateTo=${DAY}&listId=${listId}`, other.owner),
      404,
      'NOT_FOUND',
    );
    const unknown = await get(matrixUrl(`nmIds=${OOS},123`));
    expectErrorEnvelope(unknown, 404, 'NOT_FOUND');
    expect(unknown.json().details).toEqual({ nmIds: [123] });
  });

  it('summarises the window with deltas against the one before', async () => {
    const { accountId } = account;
    await connectedSince(t, accountId, new Date(Date.now() - 40 * 86_400_000));
    // A day of the window before: orders of 1000 ₽ and 100 ₽ of ads.
    const previous = shiftDay(TODAY, -9);
    await db.insert(rnpDailyRows).values({
      mpAccountId: accountId,
      nmId: QUIET,
      day: previous,
      ordersQty: 1,
      ordersSum: '1000.00',
      ordersSource: 'orders',
      adSpend: '100.00',
    });
    const response = await get(`/rnp/analytics/summary?mpAccountId=${accountId}&period=7d`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      period: '7d',
      currency: 'RUB',
      ordersSum: 3200,
      ordersSumDelta: 220,
      ordersQty: 4,
      ordersQtyDelta: 300,
      adSpend: 300.5,
      adSpendDelta: 200.5,
      drrPct: 9.39,
      skusNeedingAttention: 3,
      oosRiskSkus: 1,
      oosRiskSkusDelta: null,
      dataFreshnessMinutes: 0,
    });
  });

  it('a manager sees the lists, yet only the items and rows of the brands granted, and may not change a list', async () => {
    const lists = await get(`/rnp/product-lists?mpAccountId=${account.accountId}`, manager);
    expect(lists.statusCode, lists.body).toBe(200);
    expect(lists.json().items).toMatchObject([{ id: listId, itemsCount: 2 }]);
    expect((await get(`/rnp/product-lists/${listId}`, manager)).json()).toMatchObject({ itemsCount: 2 });
    const items = await get(`/rnp/product-lists/${listId}/items`, manager);
    expect(items.json().items.map((item: { nmId: number }) => item.nmId)).toEqual([OOS, DRR]);
    const matrix = await get(matrixUrl(`listId=${listId}`), manager);
    expect(matrix.json().items.map((row: Row) => row.nmId)).toEqual([OOS, DRR]);
    const csv = (await get(matrixUrl(`listId=${listId}`, '/rnp/analytics/export'), manager)).body;
    expect(csv).not.toContain(String(REVIEWS));
    const hidden = await get(matrixUrl(`nmIds=${REVIEWS}`), manager);
    expectErrorEnvelope(hidden, 404, 'NOT_FOUND');
    expect(hidden.json().details).toEqual({ nmIds: [REVIEWS] });
    const summary = await get(`/rnp/analytics/summary?mpAccountId=${account.accountId}&period=7d`, manager);
    expect(summary.json()).toMatchObject({ ordersQty: 2, skusNeedingAttention: 2 });
    const write = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      t.request({ method, url, headers: manager.auth, ...(payload && { payload }) });
    expectErrorEnvelope(await write('POST', '/rnp/product-lists', { mpAccountId: account.accountId, name: 'x' }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await write('PATCH', `/rnp/product-lists/${listId}`, { name: 'x' }), 404, 'NOT_FOUND');
    expectErrorEnvelope(
      await write('POST', `/rnp/product-lists/${listId}/items`, { items: [{ nmId: OOS, status: 'paused' }] }),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(await write('DELETE', `/rnp/product-lists/${listId}`), 404, 'NOT_FOUND');
    expectErrorEnvelope(await write('POST', '/rnp/analytics/refresh', { mpAccountId: account.accountId }), 404, 'NOT_FOUND');
    // A manager without any brand of the account sees nothing of it.
    const ungranted = await createUser(t, 'manager');
    expectErrorEnvelope(await get(`/rnp/product-lists?mpAccountId=${account.accountId}`, ungranted), 404, 'NOT_FOUND');
    expectErrorEnvelope(await get(matrixUrl(`listId=${listId}`), ungranted), 404, 'NOT_FOUND');
  });
});
