import { beforeAll, describe, expect, it } from 'vitest';

import { cardAt } from '../emulator/src/generator/catalog';
import type { Seller } from '../emulator/src/sellers';
import type { Database } from '../src/database/database.tokens';
import { inventoryStocks } from '../src/database/schema';
import { InventoryJobs } from '../src/modules/inventory/inventory.jobs';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertSellerCatalog } from './support/inventory';
import { emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let admin: TestUser;
let accountId: string;
let seller: Seller;
let brandIds: Map<string, string>;

beforeAll(async () => {
  [owner, stranger, manager, admin] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager'), createUser(t, 'admin')]);
  const created = emulator.context.sellers.create({ cards: 12 });
  seller = created.seller;
  accountId = await createAccount(t, owner.id, 'Кабинет', created.token.token);
  brandIds = await insertSellerCatalog(t, db, accountId, seller);
  // Every card has 5 units in one marketplace warehouse, as a sync would leave them.
  await db.insert(inventoryStocks).values(
    Array.from({ length: 12 }, (_, index) => ({
      mpAccountId: accountId,
      nmId: seller.catalog.nmIdBase + index,
      techSize: '0',
      warehouseKind: 'mp' as const,
      warehouseId: 1_000_000_001,
      warehouseName: 'Коледино',
      quantity: 5 + index,
      syncedAt: new Date(),
    })),
  );
});

const get = (url: string, user: TestUser) => t.request({ method: 'GET', url, headers: user.auth });

describe('inventory stocks: data scope', () => {
  it('the owner sees every SKU, sorted by quantity; a SKU with its sizes', async () => {
    const list = await get(`/inventory/stocks?mpAccountId=${accountId}&sortBy=quantity&sortDirection=desc&limit=5`, owner);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.meta).toMatchObject({ total: 12, page: 1, limit: 5, hasNext: true });
    expect(body.items.map((item: { quantity: number }) => item.quantity)).toEqual([16, 15, 14, 13, 12]);
    expect(body.items[0].warehouses).toEqual([{ warehouseId: 1_000_000_001, warehouseName: 'Коледино', kind: 'mp', quantity: 16 }]);
    const nmId = seller.catalog.nmIdBase + 11;
    const detail = await get(`/inventory/stocks/${nmId}?mpAccountId=${accountId}`, owner);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ nmId, quantity: 16, lastSnapshotAt: null, source: null });
    expect(Array.isArray(detail.json().sizes)).toBe(true);
  });

  it('a foreign account is 404 on every route', async () => {
    expectErrorEnvelope(await get(`/inventory/stocks?mpAccountId=${accountId}`, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await get(`/inventory/stocks/${seller.catalog.nmIdBase}?mpAccountId=${accountId}`, stranger), 404, 'NOT_FOUND');
    const sync = await t.request({ method: 'POST', url: '/inventory/sync', headers: stranger.auth, payload: { mpAccountId: accountId } });
    expectErrorEnvelope(sync, 404, 'NOT_FOUND');
    const started = await t.request({ method: 'POST', url: '/inventory/sync', headers: owner.auth, payload: { mpAccountId: accountId } });
    expect(started.statusCode, started.body).toBe(202);
    expectErrorEnvelope(await get(`/inventory/sync/status/${started.json().jobId}`, stranger), 404, 'NOT_FOUND');
    expect((await get(`/inventory/sync/status/${started.json().jobId}`, owner)).statusCode).toBe(200);
  });

  it('a manager without the brand sees none of its stock; with a grant, only that brand', async () => {
    expectErrorEnvelope(await get(`/inventory/stocks?mpAccountId=${accountId}`, manager), 404, 'NOT_FOUND');
    const cards = Array.from({ length: 12 }, (_, index) => cardAt(seller.catalog, index));
    const granted = cards[0].brand;
    const otherCard = cards.find((card) => card.brand !== granted)!;
    const grant = await t.request({
      method: 'POST',
      url: '/brand-access',
      headers: admin.auth,
      payload: { userId: manager.id, brandId: brandIds.get(granted) },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const seen = await get(`/inventory/stocks?mpAccountId=${accountId}&limit=100`, manager);
    expect(seen.statusCode).toBe(200);
    const items = seen.json().items as { nmId: number; brand: string }[];
    expect(items.map((item) => item.nmId)).toEqual(cards.filter((card) => card.brand === granted).map((card) => card.nmID));
    expectErrorEnvelope(await get(`/inventory/stocks/${otherCard.nmID}?mpAccountId=${accountId}`, manager), 404, 'NOT_FOUND');
    const filtered = await get(`/inventory/stocks?mpAccountId=${accountId}&brandId=${brandIds.get(otherCard.brand)}`, manager);
    expect(filtered.json().items).toEqual([]);
  });

  it('the 30-minute schedule starts one sync per active account', async () => {
    expect((await t.app.get(InventoryJobs).schedule()).accounts).toBeGreaterThanOrEqual(1);
  });
});
