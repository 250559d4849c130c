import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { DATABASE, Database } from '../src/database/database.tokens';
import { inventoryInWay, inventoryStocks, mpOrders, products } from '../src/database/schema';
import { InventoryCover } from '../src/modules/inventory/planning/inventory-cover';
import { DEFAULT_INVENTORY_SETTINGS } from '../src/modules/inventory/settings/inventory-settings.repository';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createBrand, createUser, TestUser } from './support/identity';
import { koledinoStock } from './support/inventory';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let admin: TestUser;
let accountId: string;
let brandX: string;

const summary = (user: TestUser) => t.request({ method: 'GET', url: `/inventory/summary?mpAccountId=${accountId}`, headers: user.auth });

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [owner, stranger, manager, admin] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager'), createUser(t, 'admin')]);
  accountId = await createAccount(t, owner.id);
  brandX = await createBrand(t, accountId, 'X');
  const brandY = await createBrand(t, accountId, 'Y');
  const card = (nmId: number, brand: string, brandId: string) => ({
    mpAccountId: accountId,
    nmId,
    vendorCode: `V-${nmId}`,
    title: `Товар ${nmId}`,
    brand,
    brandId,
    cardUpdatedAt: new Date(),
    sizes: [{ chrtID: nmId, techSize: '0', skus: [`${nmId}`] }],
  });
  await db.insert(products).values([card(801, 'X', brandX), card(802, 'X', brandX), card(803, 'Y', brandY)]);
  // 801: 10 units selling 2 a day (5 days, soon); 802: none left; 803: 40 units never ordered (dead stock).
  const stock = (nmId: number, quantity: number) => koledinoStock(accountId, nmId, quantity);
  await db.insert(inventoryStocks).values([stock(801, 10), stock(803, 40)]);
  await db
    .insert(inventoryInWay)
    .values({ mpAccountId: accountId, nmId: 801, techSize: '0', inWayToClient: 2, inWayFromClient: 1, syncedAt: new Date() });
  const today = moscowToday(new Date());
  await db
    .insert(mpOrders)
    .values(
      Array.from({ length: 28 }, (_, index) => shiftDay(today, index - 28)).flatMap((day) =>
        [0, 1].map((n) => ({ ...feedRow(accountId, `${day}-${n}`, new Date(`${day}T12:00:00+03:00`), 801, '10.00'), isCancel: false })),
      ),
    );
  await t.app.get(InventoryCover).refresh(accountId, DEFAULT_INVENTORY_SETTINGS);
});

afterAll(() => t.close());

describe('inventory summary', () => {
  it('the owner sees the totals of every SKU', async () => {
    const response = await summary(owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      units: 50,
      inWayToClient: 2,
      inWayFromClient: 1,
      skusInStock: 2,
      skusOutOfStock: 1,
      skusUrgent: 0,
      skusSoon: 1,
      avgDaysOfCover: 5,
      deadStockUnits: 40,
      lastSnapshotAt: null,
      source: null,
    });
  });

  it('a manager sees the totals of the granted brands only; a foreign account is 404', async () => {
    expectErrorEnvelope(await summary(manager), 404, 'NOT_FOUND');
    const grant = await t.request({
      method: 'POST',
      url: '/brand-access',
      headers: admin.auth,
      payload: { userId: manager.id, brandId: brandX },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    expect((await summary(manager)).json()).toMatchObject({ units: 10, skusInStock: 1, skusOutOfStock: 1, skusSoon: 1, deadStockUnits: 0 });
    expectErrorEnvelope(await summary(stranger), 404, 'NOT_FOUND');
  });
});
