import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import type { Database } from '../src/database/database.tokens';
import { inventoryAlerts, inventoryCover, mpOrders, notifications } from '../src/database/schema';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertSellerCatalog, inventorySynced } from './support/inventory';
import { emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// Rate windows at 10 %: the stocks report and the remains task come ten times as fast.
emulatedServiceForFile((service) => ({ emulator, t, db } = service), { MP_API_RATE_WINDOW_PERCENT: '10' });

let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let accountId: string;

const sync = async () => expect((await inventorySynced(t, owner.auth, accountId, 150_000)).state).toBe('completed');
const told = () =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'inventory.urgent')));
const coverOf = async (nmId: number) =>
  (
    await db
      .select()
      .from(inventoryCover)
      .where(and(eq(inventoryCover.mpAccountId, accountId), eq(inventoryCover.nmId, nmId)))
  )[0];

beforeAll(async () => {
  [owner, stranger, manager] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager')]);
  const { seller, token } = emulator.context.sellers.create({ cards: 8 });
  accountId = await createAccount(t, owner.id, 'Кабинет', token.token);
  await insertSellerCatalog(t, db, accountId, seller);
});

describe('inventory alerts', () => {
  it(
    'a SKU that enters urgent is told to the owner once, however many syncs the day has; the alerts list shows it',
    { timeout: 300_000 },
    async () => {
      // Without orders every SKU in stock has no sales: nothing to tell.
      await sync();
      const covers = await db.select().from(inventoryCover).where(eq(inventoryCover.mpAccountId, accountId));
      expect(covers.filter((cover) => cover.status === 'no_sales').length).toBeGreaterThan(0);
      expect(await told()).toEqual([]);
      // The SKU with the least stock starts selling half its stock a day: 2 days of cover.
      const target = covers.filter((cover) => cover.quantity > 0).sort((a, b) => a.quantity - b.quantity)[0];
      const perDay = Math.ceil(target.quantity / 2);
      const today = moscowToday(new Date());
      const orders = Array.from({ length: 28 }, (_, index) => shiftDay(today, index - 28)).flatMap((day) =>
        Array.from({ length: perDay }, (_, n) => ({
          ...feedRow(accountId, `${day}-${n}`, new Date(`${day}T12:00:00+03:00`), target.nmId, '10.00'),
          isCancel: false,
        })),
      );
      for (let start = 0; start < orders.length; start += 1000) await db.insert(mpOrders).values(orders.slice(start, start + 1000));
      await sync();
      expect(await coverOf(target.nmId)).toMatchObject({ status: 'urgent', previousStatus: 'no_sales', velocityPerDay: perDay });
      const first = await told();
      expect(first).toHaveLength(1);
      expect(first[0]).toMatchObject({
        title: 'Товар скоро закончится',
        payload: { mpAccountId: accountId, nmId: target.nmId, status: 'urgent' },
      });
      // It left urgent and came back the same day (a restock, then sales): still told once that day.
      await db
        .update(inventoryCover)
        .set({ status: 'enough' })
        .where(and(eq(inventoryCover.mpAccountId, accountId), eq(inventoryCover.nmId, target.nmId)));
      await sync();
      expect(await coverOf(target.nmId)).toMatchObject({ status: 'urgent', previousStatus: 'enough' });
      expect(await told()).toHaveLength(1);
      expect(await db.select().from(inventoryAlerts).where(eq(inventoryAlerts.mpAccountId, accountId))).toEqual([
        expect.objectContaining({ nmId: target.nmId, day: today, status: 'urgent' }),
      ]);
      const list = await t.request({ method: 'GET', url: `/inventory/alerts?mpAccountId=${accountId}`, headers: owner.auth });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().items).toEqual([
        expect.objectContaining({ nmId: target.nmId, status: 'urgent', quantity: target.quantity, daysOfCover: target.quantity / perDay }),
      ]);
    },
  );

  it('a foreign account is 404; a manager without brands sees nothing of it', async () => {
    const url = `/inventory/alerts?mpAccountId=${accountId}`;
    expectErrorEnvelope(await t.request({ method: 'GET', url, headers: stranger.auth }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await t.request({ method: 'GET', url, headers: manager.auth }), 404, 'NOT_FOUND');
  });
});
