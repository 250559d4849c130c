import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { DATABASE, Database } from '../src/database/database.tokens';
import { auditLogs, inventoryCover, inventorySettings, inventoryStocks, mpOrders } from '../src/database/schema';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertProducts } from './support/pricing-catalog';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let accountId: string;
const NM_ID = 501;

const settingsOf = (user: TestUser) =>
  t.request({ method: 'GET', url: `/inventory/settings?mpAccountId=${accountId}`, headers: user.auth });
const patch = (payload: Record<string, unknown>, user: TestUser = owner) =>
  t.request({ method: 'PATCH', url: '/inventory/settings', headers: user.auth, payload: { mpAccountId: accountId, ...payload } });

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [owner, stranger, manager] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager')]);
  accountId = await createAccount(t, owner.id);
  // One SKU selling 1 a day over the last 28 days with 5 units left: 5 days of cover.
  await insertProducts(db, accountId, [NM_ID]);
  const today = moscowToday(new Date());
  await db.insert(mpOrders).values(
    Array.from({ length: 28 }, (_, index) => {
      const day = shiftDay(today, index - 28);
      return { ...feedRow(accountId, `o-${index}`, new Date(`${day}T12:00:00+03:00`), NM_ID, '10.00'), isCancel: false };
    }),
  );
  await db.insert(inventoryStocks).values({
    mpAccountId: accountId,
    nmId: NM_ID,
    techSize: '0',
    warehouseKind: 'mp',
    warehouseId: 1_000_000_001,
    warehouseName: 'Коледино',
    quantity: 5,
    syncedAt: new Date(),
  });
});

afterAll(() => t.close());

describe('inventory settings', () => {
  it('an account without settings has the defaults', async () => {
    const response = await settingsOf(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      mpAccountId: accountId,
      urgentDays: 3,
      soonDays: 7,
      targetDays: 30,
      leadTimeDays: 7,
      safetyFactor: 1.2,
      updatedAt: null,
    });
  });

  it('a change is stored, audited and recomputes the SKUs’ status at once', async () => {
    const response = await patch({ urgentDays: 6, safetyFactor: 1.5 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ urgentDays: 6, soonDays: 7, targetDays: 30, leadTimeDays: 7, safetyFactor: 1.5 });
    expect((await settingsOf(owner)).json()).toMatchObject({ urgentDays: 6, safetyFactor: 1.5 });
    const [cover] = await db.select().from(inventoryCover).where(eq(inventoryCover.mpAccountId, accountId));
    expect(cover).toMatchObject({ nmId: NM_ID, quantity: 5, velocityPerDay: 1, daysOfCover: 5, status: 'urgent' });
    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.mpAccountId, accountId), eq(auditLogs.action, 'inventory.settings.update')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: owner.id, details: { changed: ['urgentDays', 'safetyFactor'] } });
    const list = await t.request({ method: 'GET', url: `/inventory/stocks?mpAccountId=${accountId}&status=urgent`, headers: owner.auth });
    expect(list.json().items.map((item: { nmId: number }) => item.nmId)).toEqual([NM_ID]);
    await patch({ urgentDays: 3 });
    expect((await db.select().from(inventoryCover).where(eq(inventoryCover.mpAccountId, accountId)))[0].status).toBe('soon');
  });

  it('bounds: each field by the DTO, urgent under soon by the service and by the table', async () => {
    const bad = await patch({ urgentDays: 0, soonDays: 121, targetDays: 366, leadTimeDays: -1, safetyFactor: 3.5 });
    expectErrorEnvelope(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(bad.json().details)).sort()).toEqual([
      'leadTimeDays',
      'safetyFactor',
      'soonDays',
      'targetDays',
      'urgentDays',
    ]);
    expectErrorEnvelope(await patch({ safetyFactor: 1.234 }), 400, 'VALIDATION_FAILED');
    const crossed = await patch({ urgentDays: 10 });
    expectErrorEnvelope(crossed, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(crossed.json().details)).sort()).toEqual(['soonDays', 'urgentDays']);
    expect((await settingsOf(owner)).json()).toMatchObject({ urgentDays: 3, soonDays: 7 });
    await expect(db.update(inventorySettings).set({ urgentDays: 7 }).where(eq(inventorySettings.mpAccountId, accountId))).rejects.toThrow();
    await expect(
      db.update(inventorySettings).set({ safetyFactor: '0.50' }).where(eq(inventorySettings.mpAccountId, accountId)),
    ).rejects.toThrow();
  });

  it('a foreign account is 404; a manager does not change the account’s settings', async () => {
    expectErrorEnvelope(await settingsOf(stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch({ urgentDays: 2 }, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch({ urgentDays: 2 }, manager), 404, 'NOT_FOUND');
  });
});
