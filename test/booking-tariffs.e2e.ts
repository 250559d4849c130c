import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { FBW_WAREHOUSES } from '../emulator/src/generator/acceptance';
import { boxRatesOf, palletRatesOf } from '../emulator/src/generator/tariffs';
import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import type { Database } from '../src/database/database.tokens';
import { bookingSources, bookingTariffs } from '../src/database/schema';
import { acceptanceCoefficients } from '../src/marketplace/endpoints/supplies';
import { boxTariffs, palletTariffs } from '../src/marketplace/endpoints/tariffs';
import { callsOf, EmulatedAccount, emulatedAccount, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

/** Rate windows at 10 %: a slot-monitor cycle of about a second, and retries of a failed call 50 ms apart. */
emulatedServiceForFile((service) => ({ emulator, t, db } = service), {
  SCHEDULES_ENABLED: 'true',
  MP_API_RATE_WINDOW_PERCENT: '10',
  MP_API_RETRY_BASE_MS: '50',
  BOOKING_POLL_MS: '200',
});

const KOLEDINO = FBW_WAREHOUSES[0];
const SORTING_CENTRE = FBW_WAREHOUSES.find((warehouse) => warehouse.isSortingCenter)!;

/** The marketplace's Russian-format string as a number, read here independently of the service («11,2» → 11.2). */
const rouble = (written: string) => Number(written.replace(/\s/g, '').replace(',', '.'));

const calls = (account: EmulatedAccount, endpoint: { scope: string; path: string }) =>
  callsOf(emulator, account.sellerId, endpoint.scope, endpoint.path);

async function warehouses(account: EmulatedAccount) {
  const response = await t.request({
    method: 'GET',
    url: `/booking/warehouses?mpAccountId=${account.accountId}&limit=100`,
    headers: account.owner.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Record<string, any>[];
}

const named = (items: Record<string, any>[], name: string) => items.find((item) => item.name === name)!;

/** Waits for the warehouses with their coefficients and both kinds of tariffs read. */
const withTariffs = (account: EmulatedAccount) =>
  until(
    () => warehouses(account),
    (items) =>
      items.length === FBW_WAREHOUSES.length &&
      items.every(
        (item) =>
          item.updatedAt !== null && item.tariffs?.boxDeliveryBase != null && (item.isSortingCenter || item.tariffs.palletStorage !== null),
      ),
    20_000,
  );

/** Waits until the monitor has polled the coefficients `count` more times. */
async function polls(account: EmulatedAccount, count: number): Promise<void> {
  const from = calls(account, acceptanceCoefficients).length;
  await until(
    async () => calls(account, acceptanceCoefficients).length,
    (seen) => seen >= from + count,
    20_000,
  );
}

async function watchKoledino(account: EmulatedAccount): Promise<string> {
  const tomorrow = shiftDay(moscowToday(new Date()), 1);
  const response = await t.request({
    method: 'POST',
    url: '/booking/tasks',
    headers: account.owner.auth,
    payload: {
      mpAccountId: account.accountId,
      warehouseIds: [KOLEDINO.id],
      boxTypeId: 2,
      dateFrom: tomorrow,
      dateTo: tomorrow,
      maxCoefficient: 1,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

describe('booking warehouses with the day’s box and pallet tariffs', () => {
  it('each warehouse shows the rates of its name, exactly as the marketplace wrote them; a sorting centre has no pallet rates', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 1 });
    const items = await withTariffs(account);

    const box = boxRatesOf(KOLEDINO);
    const pallet = palletRatesOf(KOLEDINO);
    expect(named(items, KOLEDINO.name).tariffs).toEqual({
      currency: 'RUB',
      boxDeliveryBase: rouble(box.boxDeliveryBase),
      boxDeliveryLiter: rouble(box.boxDeliveryLiter),
      boxDeliveryCoefficientPercent: rouble(box.boxDeliveryCoefExpr),
      boxStorageBase: rouble(box.boxStorageBase),
      boxStorageLiter: rouble(box.boxStorageLiter),
      boxStorageCoefficientPercent: rouble(box.boxStorageCoefExpr),
      palletDeliveryBase: rouble(pallet.palletDeliveryValueBase),
      palletDeliveryLiter: rouble(pallet.palletDeliveryValueLiter),
      palletDeliveryCoefficientPercent: rouble(pallet.palletDeliveryExpr),
      palletStorage: rouble(pallet.palletStorageValueExpr),
      palletStorageCoefficientPercent: rouble(pallet.palletStorageExpr),
      updatedAt: expect.any(String),
    });
    expect(named(items, SORTING_CENTRE.name).tariffs).toMatchObject({
      boxDeliveryBase: rouble(boxRatesOf(SORTING_CENTRE).boxDeliveryBase),
      palletDeliveryBase: null,
      palletStorage: null,
    });

    // Stored as numeric to the kopeck: «0,14» is 0.14, never a float's 0.14000000000000001.
    const [row] = await db
      .select()
      .from(bookingTariffs)
      .where(and(eq(bookingTariffs.mpAccountId, account.accountId), eq(bookingTariffs.warehouseName, KOLEDINO.name)));
    expect(row.boxStorageBase).toBe(rouble(box.boxStorageBase).toFixed(2));
    expect(row.boxDeliveryLiter).toBe(rouble(box.boxDeliveryLiter).toFixed(2));
  });

  it('one box and one pallet call per account a Moscow day, however many times the warehouses are refreshed', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 1 });
    await watchKoledino(account);
    await withTariffs(account);
    await polls(account, 4);

    expect(calls(account, boxTariffs)).toEqual([expect.objectContaining({ status: 200 })]);
    expect(calls(account, palletTariffs)).toEqual([expect.objectContaining({ status: 200 })]);
    expect(calls(account, boxTariffs)[0].url).toContain(`date=${moscowToday(new Date())}`);
  });

  it('on a new day a tariffs call answering 400 or 5xx leaves the last tariffs, and the warehouses and the slot watch go on', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 1 });
    const taskId = await watchKoledino(account);
    const before = await withTariffs(account);
    const coefficientsReadAt = named(before, KOLEDINO.name).updatedAt;

    injectFaults(emulator, [
      { scope: 'common', path: boxTariffs.path, status: 400, times: 1 },
      { scope: 'common', path: palletTariffs.path, status: 503, times: 3 },
    ]);
    // The day turns: the last tariffs were asked for yesterday.
    await db.update(bookingSources).set({ tariffsDay: '2000-01-01' }).where(eq(bookingSources.mpAccountId, account.accountId));
    await until(
      async () => calls(account, palletTariffs).length,
      (seen) => seen >= 1 + 3,
      20_000,
    );
    await polls(account, 2);

    expect(calls(account, boxTariffs).map((call) => call.status)).toEqual([200, 400]);
    expect(calls(account, palletTariffs).map((call) => call.status)).toEqual([200, 503, 503, 503]);
    const after = await warehouses(account);
    for (const item of after) expect(item.tariffs, item.name).toEqual(named(before, item.name).tariffs);
    expect(Date.parse(named(after, KOLEDINO.name).updatedAt)).toBeGreaterThan(Date.parse(coefficientsReadAt));
    expect(named(after, KOLEDINO.name).coefficients.length).toBeGreaterThan(0);
    const task = (await t.request({ method: 'GET', url: `/booking/tasks/${taskId}`, headers: account.owner.auth })).json();
    // Still watched (the generated grid may have matched it meanwhile), not source_unavailable.
    expect(['active', 'matched']).toContain(task.status);
    const [source] = await db.select().from(bookingSources).where(eq(bookingSources.mpAccountId, account.accountId));
    expect(source).toMatchObject({ tariffsDay: moscowToday(new Date()), available: true });
  });
});
