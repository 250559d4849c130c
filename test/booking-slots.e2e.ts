import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import type { Database } from '../src/database/database.tokens';
import { bookingTasks, notifications } from '../src/database/schema';
import { acceptanceCoefficients } from '../src/marketplace/endpoints/supplies';
import { syncedSupplies } from './support/booking-supplies';
import { busiestWindow, callsOf, EmulatedAccount, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

/**
 * Rate windows at 10 %: the coefficients call's 6 a minute become 6 per 6 s, so a cycle is 1.02 s (BOOKING_POLL_MS
 * asks for less and is raised to the call's spacing). The cooldown is long enough for a flap to fall within it.
 */
const SCALED_MINUTE_MS = 6000;
emulatedServiceForFile((service) => ({ emulator, t, db } = service), {
  SCHEDULES_ENABLED: 'true',
  MP_API_RATE_WINDOW_PERCENT: '10',
  BOOKING_POLL_MS: '200',
  BOOKING_COOLDOWN_MS: '600000',
});

const day = (offset: number) => shiftDay(moscowToday(new Date()), offset);

/** An account whose emulator grid is closed everywhere but the cells a test sets. */
async function quietAccount(): Promise<EmulatedAccount> {
  const account = await emulatedAccount(t, emulator, { cards: 1 });
  emulator.context.sellers.get(account.sellerId)!.acceptance.baseline = 'closed';
  return account;
}

function setCell(account: EmulatedAccount, date: string, coefficient: number, over: { warehouseId?: number; boxTypeId?: 2 | 5 | 6 } = {}) {
  emulator.context.sellers
    .get(account.sellerId)!
    .acceptance.setCell({ warehouseId: over.warehouseId ?? 507, date, boxTypeId: over.boxTypeId ?? 2, coefficient, allowUnload: true });
}

const coefficientCalls = (account: EmulatedAccount) =>
  callsOf(emulator, account.sellerId, acceptanceCoefficients.scope, acceptanceCoefficients.path).filter((call) => call.status === 200);

async function createTask(account: EmulatedAccount, body: Record<string, unknown> = {}) {
  const response = await t.request({
    method: 'POST',
    url: '/booking/tasks',
    headers: account.owner.auth,
    payload: {
      mpAccountId: account.accountId,
      warehouseIds: [507],
      boxTypeId: 2,
      dateFrom: day(1),
      dateTo: day(5),
      maxCoefficient: 1,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const task = async (account: EmulatedAccount, id: string) =>
  (await t.request({ method: 'GET', url: `/booking/tasks/${id}`, headers: account.owner.auth })).json();
const matches = async (account: EmulatedAccount, id: string) =>
  (await t.request({ method: 'GET', url: `/booking/tasks/${id}/matches`, headers: account.owner.auth })).json().items;
const slotNotices = (account: EmulatedAccount) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, account.owner.id), eq(notifications.type, 'booking.slot')));

/** Waits until the monitor has polled the account `count` more times, and answers how many polls that makes. */
async function polls(account: EmulatedAccount, count: number): Promise<number> {
  const from = coefficientCalls(account).length;
  await until(
    async () => coefficientCalls(account).length,
    (seen) => seen >= from + count,
    20_000,
  );
  return coefficientCalls(account).length;
}

describe('slot watch', () => {
  it('a cell flipped to fit gives exactly one match and one notification within two polls, and the task is matched', async () => {
    const account = await quietAccount();
    const created = await createTask(account);
    await polls(account, 1);
    expect(await matches(account, created.id)).toEqual([]);

    setCell(account, day(2), 0);
    const flippedAt = coefficientCalls(account).length;
    await until(
      () => matches(account, created.id),
      (items) => items.length > 0,
      20_000,
    );
    expect(coefficientCalls(account).length - flippedAt).toBeLessThanOrEqual(2);
    await polls(account, 2);

    const found = await matches(account, created.id);
    expect(found).toEqual([
      expect.objectContaining({
        date: day(2),
        warehouseId: 507,
        warehouseName: 'Коледино',
        boxTypeId: 2,
        coefficient: 0,
        goneAt: null,
        seenAt: expect.any(String),
      }),
    ]);
    expect((await task(account, created.id)).status).toBe('matched');
    const notices = await slotNotices(account);
    expect(notices).toHaveLength(1);
    expect(notices[0].payload).toMatchObject({
      mpAccountId: account.accountId,
      taskId: created.id,
      warehouseId: 507,
      date: day(2),
      coefficient: 0,
      link: 'https://seller.wildberries.ru/supplies-management/all-supplies',
    });
    expect(JSON.stringify(notices[0])).not.toMatch(/cookie|session/i);

    const warehouses = (
      await t.request({ method: 'GET', url: `/booking/warehouses?mpAccountId=${account.accountId}`, headers: account.owner.auth })
    ).json();
    const kolodino = warehouses.items.find((item: { warehouseId: number }) => item.warehouseId === 507);
    expect(kolodino).toMatchObject({ name: 'Коледино', isSortingCenter: false, favourite: false, boxTypes: [2, 5, 6] });
    expect(kolodino.coefficients).toContainEqual({ date: day(2), boxTypeId: 2, coefficient: 0, allowUnload: true });
    expect(kolodino.coefficients).toHaveLength(14 * 3);

    const summary = await t.request({
      method: 'GET',
      url: `/booking/summary?mpAccountId=${account.accountId}&period=7d`,
      headers: account.owner.auth,
    });
    expect(summary.json()).toMatchObject({ activeTasks: 1, slotsFound: 1, freeSlotsFound: 1, sourceAvailable: true });
    expect(summary.json().medianMinutesToFirstMatch).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('a supply the seller planned at the matched slot books the task, and its acceptance ends it accepted', async () => {
    const account = await quietAccount();
    const created = await createTask(account);
    setCell(account, day(2), 0);
    await until(
      () => task(account, created.id),
      (found) => found.status === 'matched',
      20_000,
    );
    const supplies = emulator.context.sellers.get(account.sellerId)!.supplies;
    const elsewhere = supplies.add({
      warehouseId: 117501,
      supplyDateMs: Date.parse(`${day(2)}T00:00:00+03:00`),
      goods: [{ quantity: 5 }],
      status: 2,
      boxTypeId: 2,
    });
    const planned = supplies.add({
      warehouseId: 507,
      supplyDateMs: Date.parse(`${day(2)}T00:00:00+03:00`),
      goods: [{ quantity: 10 }],
      status: 2,
      boxTypeId: 2,
    });
    if (typeof planned === 'string' || typeof elsewhere === 'string') throw new Error('the emulator refused the supply');
    expect((await syncedSupplies(t, account.owner.auth, account.accountId)).state).toBe('completed');

    const booked = await until(
      () => task(account, created.id),
      (found) => found.status === 'booked',
      20_000,
    );
    expect(booked.supplyId).toBe(String(planned.supplyId));
    expect((await matches(account, created.id)).map((match: { goneAt: string | null }) => match.goneAt)).not.toContain(null);

    supplies.advance(planned, 5);
    expect((await syncedSupplies(t, account.owner.auth, account.accountId)).state).toBe('completed');
    const accepted = await until(
      () => task(account, created.id),
      (found) => found.status === 'accepted',
      20_000,
    );
    expect(accepted.supplyId).toBe(String(planned.supplyId));

    const summary = (
      await t.request({ method: 'GET', url: `/booking/summary?mpAccountId=${account.accountId}&period=7d`, headers: account.owner.auth })
    ).json();
    const acceptedInWindow = (
      await t.request({ method: 'GET', url: `/booking?mpAccountId=${account.accountId}&status=5&limit=100`, headers: account.owner.auth })
    )
      .json()
      .items.filter((supply: { factDate: string }) => supply.factDate >= summary.from);
    expect(acceptedInWindow.map((supply: { supplyId: string }) => supply.supplyId)).toContain(String(planned.supplyId));
    expect(summary).toMatchObject({
      tasksBooked: 1,
      suppliesAccepted: acceptedInWindow.length,
      unitsShort: acceptedInWindow.reduce((sum: number, supply: { shortfall: number }) => sum + supply.shortfall, 0),
      acceptanceCost:
        acceptedInWindow.reduce((sum: number, supply: { acceptanceCost: number }) => sum + Math.round(supply.acceptanceCost * 100), 0) /
        100,
    });
  }, 90_000);

  it('a task whose last day has passed expires at the next poll, and its open match is gone', async () => {
    const account = await quietAccount();
    const created = await createTask(account);
    setCell(account, day(1), 0);
    await until(
      () => matches(account, created.id),
      (items) => items.length === 1,
      20_000,
    );
    // Days pass: the task's last day is now behind.
    await db
      .update(bookingTasks)
      .set({ dateFrom: day(-3), dateTo: day(-1) })
      .where(eq(bookingTasks.id, created.id));
    await until(
      () => task(account, created.id),
      (body) => body.status === 'expired',
      20_000,
    );
    expect((await matches(account, created.id))[0].goneAt).not.toBeNull();
  }, 60_000);

  it('a cell that flaps within the cooldown, or a task paused and resumed, opens a new match but sends no second notification', async () => {
    const account = await quietAccount();
    const created = await createTask(account);
    setCell(account, day(3), 1);
    await until(
      () => matches(account, created.id),
      (items) => items.length === 1,
      20_000,
    );
    setCell(account, day(3), -1);
    await until(
      () => matches(account, created.id),
      (items) => items[0].goneAt !== null,
      20_000,
    );
    setCell(account, day(3), 1);
    const found = await until(
      () => matches(account, created.id),
      (items) => items.length === 2,
      20_000,
    );
    expect(found.map((match: { goneAt: string | null }) => match.goneAt === null)).toEqual([true, false]);
    await polls(account, 2);
    expect(await slotNotices(account)).toHaveLength(1);

    // A paused task vouches for no slot; resumed, it finds the cell again, still within the cooldown.
    await t.request({ method: 'POST', url: `/booking/tasks/${created.id}/pause`, headers: account.owner.auth });
    expect((await matches(account, created.id)).every((match: { goneAt: string | null }) => match.goneAt !== null)).toBe(true);
    const resumed = await t.request({ method: 'POST', url: `/booking/tasks/${created.id}/resume`, headers: account.owner.auth });
    expect(resumed.json().status).toBe('active');
    await until(
      () => matches(account, created.id),
      (items) => items.length === 3 && items[0].goneAt === null,
      20_000,
    );
    expect((await task(account, created.id)).status).toBe('matched');
    expect(await slotNotices(account)).toHaveLength(1);
  }, 60_000);

  it('coefficient 3 with maxCoefficient 1, another box type, another warehouse, a day before the lead days: no match', async () => {
    const account = await quietAccount();
    const created = await createTask(account);
    setCell(account, day(2), 3);
    setCell(account, day(3), 0, { boxTypeId: 5 });
    setCell(account, day(4), 0, { warehouseId: 117501 });
    setCell(account, day(0), 0);
    await polls(account, 3);
    expect(await matches(account, created.id)).toEqual([]);
    expect((await task(account, created.id)).status).toBe('active');
    expect(await slotNotices(account)).toHaveLength(0);
  }, 60_000);

  it('while the coefficients call is disabled the task is source_unavailable, and active again once it answers', async () => {
    const account = await quietAccount();
    const created = await createTask(account);
    await polls(account, 1);
    const acceptance = emulator.context.sellers.get(account.sellerId)!.acceptance;
    acceptance.disabled = true;
    await until(
      () => task(account, created.id),
      (body) => body.status === 'source_unavailable',
      20_000,
    );
    const summary = () =>
      t.request({ method: 'GET', url: `/booking/summary?mpAccountId=${account.accountId}&period=7d`, headers: account.owner.auth });
    expect((await summary()).json()).toMatchObject({ activeTasks: 1, sourceAvailable: false, slotsFound: 0 });

    acceptance.disabled = false;
    await until(
      () => task(account, created.id),
      (body) => body.status === 'active',
      20_000,
    );
    expect((await summary()).json()).toMatchObject({ activeTasks: 1, sourceAvailable: true });
  }, 60_000);

  it('20 tasks of one account: one coefficients call a cycle, at most 6 in any minute', async () => {
    const account = await quietAccount();
    const warehouses = [507, 117501, 120762, 117986, 130744, 686, 1733, 206236];
    for (let index = 0; index < 20; index += 1)
      await createTask(account, { warehouseIds: [warehouses[index % warehouses.length]], maxCoefficient: index % 3 });
    const start = coefficientCalls(account).length;
    await new Promise((resolve) => setTimeout(resolve, 2.5 * SCALED_MINUTE_MS));
    const calls = coefficientCalls(account);
    // One call a cycle of 1.02 s for the 20 tasks together: 15 s hold at most 15 cycles.
    expect(calls.length - start).toBeGreaterThanOrEqual(8);
    expect(calls.length - start).toBeLessThanOrEqual(16);
    expect(busiestWindow(calls, SCALED_MINUTE_MS)).toBeLessThanOrEqual(6);
    const asked = new URL(calls.at(-1)!.url, 'http://emulator').searchParams.get('warehouseIDs');
    expect(
      asked
        ?.split(',')
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...warehouses].sort((a, b) => a - b));
  }, 60_000);
});
