import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { cardAt } from '../emulator/src/generator/catalog';
import { sellerWarehousesOf } from '../emulator/src/generator/stock';
import type { Seller } from '../emulator/src/sellers';
import type { Database } from '../src/database/database.tokens';
import { auditLogs, products } from '../src/database/schema';
import { RateBuckets } from '../src/marketplace/client/rate-buckets';
import { RateRules } from '../src/marketplace/client/rate-rules';
import { sellerStocks } from '../src/marketplace/endpoints/stock';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertSellerCatalog } from './support/inventory';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let accountId: string;
let seller: Seller;
let warehouseId: number;

const put = (payload: Record<string, unknown>, user: TestUser = owner) =>
  t.request({
    method: 'PUT',
    url: '/inventory/fbs-stocks',
    headers: user.auth,
    payload: { mpAccountId: accountId, warehouseId, ...payload },
  });
const writes = () => callsOf(emulator, seller.id, 'marketplace').filter((call) => call.method === 'PUT');

beforeAll(async () => {
  [owner, stranger, manager] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager')]);
  const created = emulator.context.sellers.create({ cards: 3 });
  seller = created.seller;
  accountId = await createAccount(t, owner.id, 'Кабинет', created.token.token);
  await insertSellerCatalog(t, db, accountId, seller);
  warehouseId = sellerWarehousesOf(seller.catalog)[0].id;
});

describe('FBS stock write', () => {
  it('barcodes go as size ids; the marketplace stores them; audited with counts', async () => {
    const [first, second] = [cardAt(seller.catalog, 0).sizes[0], cardAt(seller.catalog, 1).sizes[0]];
    const response = await put({
      stocks: [
        { sku: first.skus[0], amount: 7 },
        { sku: second.skus[0], amount: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ warehouseId, updated: 2, units: 7 });
    expect(writes()).toHaveLength(1);
    const stored = emulator.context.sellers.get(seller.id)!.stock;
    expect([stored.writtenAmount(warehouseId, first.chrtID), stored.writtenAmount(warehouseId, second.chrtID)]).toEqual([7, 0]);
    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.mpAccountId, accountId), eq(auditLogs.action, 'inventory.fbs-stocks.update')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: owner.id, entityId: String(warehouseId), details: { warehouseId, updated: 2, units: 7 } });
  });

  it('unknown barcodes are refused with 400 naming them, before any call', async () => {
    const before = writes().length;
    const response = await put({
      stocks: [
        { sku: 'NOPE-1', amount: 1 },
        { sku: cardAt(seller.catalog, 0).sizes[0].skus[0], amount: 1 },
      ],
    });
    expectErrorEnvelope(response, 400, 'VALIDATION_FAILED');
    expect(response.json().message).toContain('NOPE-1');
    expect(writes()).toHaveLength(before);
  });

  it('a 4xx of the marketplace costs 10 tokens of the seller-warehouse bucket and maps to the error contract', async () => {
    const buckets = t.app.get(RateBuckets);
    const shared = { accountId, scope: 'marketplace', path: sellerStocks.path };
    const rule = new RateRules().ruleFor('marketplace', sellerStocks.path);
    const before = (await buckets.inspect(shared, rule)).tokens;
    const sku = cardAt(seller.catalog, 0).sizes[0].skus[0];
    const missing = await put({ warehouseId: 999_999_999, stocks: [{ sku, amount: 1 }] });
    expectErrorEnvelope(missing, 404, 'NOT_FOUND');
    const after = (await buckets.inspect(shared, rule)).tokens;
    // Ten tokens taken at once, less what the bucket refilled meanwhile; a write that succeeds takes one.
    expect(before - after).toBeGreaterThan(5);
    expect(before - after).toBeLessThanOrEqual(10);
    const ok = await put({ stocks: [{ sku, amount: 3 }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(after - (await buckets.inspect(shared, rule)).tokens).toBeLessThanOrEqual(1);
    // Reference 10.5: a 409 is an array of errors per item; the 406 of a blocked warehouse.
    // A size the catalog holds but the marketplace does not know.
    await db.insert(products).values({
      mpAccountId: accountId,
      nmId: 9_999_001,
      vendorCode: 'GONE',
      title: 'Товар',
      brand: 'Бренд',
      cardUpdatedAt: new Date(),
      sizes: [{ chrtID: 99_990_010, techSize: '0', skus: ['GONE-1'] }],
    });
    const conflict = await put({
      stocks: [
        { sku, amount: 1 },
        { sku: 'GONE-1', amount: 2 },
      ],
    });
    expectErrorEnvelope(conflict, 409, 'CONFLICT');
    expect(conflict.json().details).toMatchObject({ mpStatus: 409, errors: [{ code: 'NotFound', skus: ['GONE-1'] }] });
    injectFaults(emulator, [{ scope: 'marketplace', path: sellerStocks.path, status: 406, times: 1 }]);
    expectErrorEnvelope(await put({ stocks: [{ sku, amount: 1 }] }), 409, 'CONFLICT');
  });

  it('a foreign account and a manager are 404; a bad body is 400', async () => {
    const sku = cardAt(seller.catalog, 0).sizes[0].skus[0];
    expectErrorEnvelope(await put({ stocks: [{ sku, amount: 1 }] }, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await put({ stocks: [{ sku, amount: 1 }] }, manager), 404, 'NOT_FOUND');
    expectErrorEnvelope(await put({ stocks: [{ sku, amount: 100_001 }] }), 400, 'VALIDATION_FAILED');
    expectErrorEnvelope(await put({ stocks: [] }), 400, 'VALIDATION_FAILED');
  });
});
