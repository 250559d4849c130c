import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MARKETPLACE_WAREHOUSES, sellerAmount, sellerWarehousesOf, stockOf } from '../emulator/src/generator/stock';
import type { Seller } from '../emulator/src/sellers';
import { moscowToday } from '../src/common/time/moscow-time';
import type { Database } from '../src/database/database.tokens';
import { inventorySnapshotRows, inventorySnapshots, inventoryStocks } from '../src/database/schema';
import { callSpacingMs } from '../src/marketplace/client/rate-rules';
import {
  sellerWarehouses,
  stocksReport,
  warehouseRemainsCreate,
  warehouseRemainsDownload,
  warehouseRemainsStatus,
} from '../src/marketplace/endpoints/stock';
import { INVENTORY_SYNC_JOB } from '../src/modules/inventory/inventory.jobs';
import { InventorySyncCheckpoint } from '../src/modules/inventory/sync/inventory-sync-walker';
import { QueueService } from '../src/queue/queue.service';
import { createAccount, createUser, TestUser } from './support/identity';
import { insertSellerCatalog, inventorySynced } from './support/inventory';
import { ARRIVAL_JITTER_MS, callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// Rate windows at 10 %: the remains task's 5-s polls and the once-a-minute calls come ten times as fast.
const RATE_SCALE = 0.1;
emulatedServiceForFile((service) => ({ emulator, t, db } = service), { MP_API_RATE_WINDOW_PERCENT: String(RATE_SCALE * 100) });

interface StockAccount {
  accountId: string;
  seller: Seller;
  owner: TestUser;
}

interface StockItem {
  nmId: number;
  quantity: number;
  inWayToClient: number;
  inWayFromClient: number;
  warehouses: { warehouseId: number; warehouseName: string; kind: 'mp' | 'seller'; quantity: number }[];
  lastSnapshotAt: string | null;
  source: { remains: string; stockReport: string; sellerWarehouses: string } | null;
}

async function stockAccount(cards = 30): Promise<StockAccount> {
  const { seller, token } = emulator.context.sellers.create({ cards });
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id, 'Кабинет', token.token);
  await insertSellerCatalog(t, db, accountId, seller);
  return { accountId, seller, owner };
}

async function stocks(account: StockAccount, query = ''): Promise<StockItem[]> {
  const response = await t.request({
    method: 'GET',
    url: `/inventory/stocks?mpAccountId=${account.accountId}&limit=100${query}`,
    headers: account.owner.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: StockItem[] }>().items;
}

const sync = (account: StockAccount) => inventorySynced(t, account.owner.auth, account.accountId);
const calls = (account: StockAccount, path: string) => callsOf(emulator, account.seller.id, undefined, path);

/** What the emulator holds for a card: by warehouse name (marketplace and seller) and in transit. */
function expectedStock(seller: Seller, index: number) {
  const byName = new Map<string, number>();
  let inWayToClient = 0;
  let inWayFromClient = 0;
  for (const size of stockOf(seller.catalog, index)) {
    MARKETPLACE_WAREHOUSES.forEach((warehouse, n) => byName.set(warehouse.name, (byName.get(warehouse.name) ?? 0) + size.quantities[n]));
    for (const warehouse of sellerWarehousesOf(seller.catalog))
      byName.set(warehouse.name, (byName.get(warehouse.name) ?? 0) + sellerAmount(warehouse.id, size.chrtId));
    inWayToClient += size.inWayToClient;
    inWayFromClient += size.inWayFromClient;
  }
  for (const [name, quantity] of byName) if (quantity === 0) byName.delete(name);
  return { byName, inWayToClient, inWayFromClient };
}

describe('inventory sync', () => {
  it(
    'remains task new, then processing 3 times, then done: one create, five polls at its limit, one download; stock by warehouse name, in transit and seller warehouses',
    { timeout: 120_000 },
    async () => {
      const account = await stockAccount();
      account.seller.stock.script([{ new: 1, processing: 3, end: 'done' }]);
      const status = await sync(account);
      expect(status.state, JSON.stringify(status)).toBe('completed');
      expect(status.result).toMatchObject({ sources: { remains: 'ok', stockReport: 'ok', sellerWarehouses: 'ok' }, unknownSizes: 0 });

      expect(calls(account, warehouseRemainsCreate.path)).toHaveLength(1);
      const polls = calls(account, warehouseRemainsStatus.path);
      expect(polls).toHaveLength(5);
      for (let n = 1; n < polls.length; n += 1)
        expect(polls[n].atMs - polls[n - 1].atMs).toBeGreaterThanOrEqual(
          callSpacingMs(RATE_SCALE, warehouseRemainsStatus) - ARRIVAL_JITTER_MS,
        );
      expect(calls(account, warehouseRemainsDownload.path)).toHaveLength(1);
      expect(calls(account, stocksReport.path)).toHaveLength(1);
      // The other sources are read while the marketplace builds the report: all of them before its last poll.
      const otherSources = [...calls(account, stocksReport.path), ...calls(account, sellerWarehouses.path)].map((call) => call.atMs);
      expect(Math.max(...otherSources)).toBeLessThan(polls[polls.length - 1].atMs);

      const items = await stocks(account, '&sortBy=nmId');
      expect(items).toHaveLength(30);
      for (const [index, item] of items.entries()) {
        const expected = expectedStock(account.seller, index);
        expect(item.nmId).toBe(account.seller.catalog.nmIdBase + index);
        expect(new Map(item.warehouses.map((warehouse) => [warehouse.warehouseName, warehouse.quantity]))).toEqual(expected.byName);
        expect(item.quantity).toBe([...expected.byName.values()].reduce((sum, quantity) => sum + quantity, 0));
        expect(item).toMatchObject({ inWayToClient: expected.inWayToClient, inWayFromClient: expected.inWayFromClient });
        expect(item.source).toEqual({ remains: 'ok', stockReport: 'ok', sellerWarehouses: 'ok' });
        expect(item.lastSnapshotAt).not.toBeNull();
      }
      // -999999 «Склад WB» of the stocks report and the remains' pseudo-entries are never warehouses.
      const warehouses = items.flatMap((item) => item.warehouses);
      expect(warehouses.some((warehouse) => warehouse.warehouseId === -999999 || warehouse.warehouseName === 'Склад WB')).toBe(false);
      expect(
        warehouses.some((warehouse) => warehouse.warehouseName.startsWith('В пути') || warehouse.warehouseName.startsWith('Всего')),
      ).toBe(false);
      const seller = warehouses.find((warehouse) => warehouse.kind === 'seller')!;
      expect(sellerWarehousesOf(account.seller.catalog).map((warehouse) => warehouse.id)).toContain(seller.warehouseId);
      // A warehouse filter lists the SKUs with stock there.
      const kolodino = warehouses.find((warehouse) => warehouse.warehouseName === 'Коледино')!;
      const atKolodino = await stocks(account, `&warehouseId=${kolodino.warehouseId}`);
      expect(atKolodino.length).toBe(items.filter((item) => item.warehouses.some((w) => w.warehouseName === 'Коледино')).length);
    },
  );

  it(
    'a purged task is made again once; purged twice, the remains source fails and the stocks report is still read',
    { timeout: 120_000 },
    async () => {
      const once = await stockAccount(5);
      once.seller.stock.script([
        { processing: 0, end: 'purged' },
        { processing: 1, end: 'done' },
      ]);
      const recreated = await sync(once);
      expect(recreated.result).toMatchObject({ sources: { remains: 'ok', stockReport: 'ok' } });
      expect(calls(once, warehouseRemainsCreate.path)).toHaveLength(2);
      expect(calls(once, warehouseRemainsDownload.path)).toHaveLength(1);

      const twice = await stockAccount(5);
      twice.seller.stock.script([
        { processing: 0, end: 'canceled' },
        { processing: 0, end: 'purged' },
      ]);
      const failed = await sync(twice);
      expect(failed.state).toBe('completed');
      expect(failed.result).toMatchObject({ sources: { remains: 'failed', stockReport: 'ok', sellerWarehouses: 'ok' } });
      expect(calls(twice, warehouseRemainsCreate.path)).toHaveLength(2);
      expect(calls(twice, warehouseRemainsDownload.path)).toHaveLength(0);
      const items = await stocks(twice);
      expect(items.every((item) => item.warehouses.every((warehouse) => warehouse.kind === 'seller'))).toBe(true);
      expect(items.reduce((sum, item) => sum + item.inWayToClient, 0)).toBeGreaterThan(0);
      expect(items[0].source).toEqual({ remains: 'failed', stockReport: 'ok', sellerWarehouses: 'ok' });
    },
  );

  it(
    'the stocks report failing for good (404): the remains are kept, the result says which source failed',
    { timeout: 120_000 },
    async () => {
      const account = await stockAccount(5);
      injectFaults(emulator, [{ scope: 'analytics', path: stocksReport.path, status: 404 }]);
      const status = await sync(account).finally(() => emulator.context.faults.clear());
      expect(status.state).toBe('completed');
      expect(status.result).toMatchObject({ sources: { remains: 'ok', stockReport: 'failed', sellerWarehouses: 'ok' } });
      expect(calls(account, stocksReport.path).map((call) => call.status)).toEqual([404]);
      const items = await stocks(account);
      expect(items.some((item) => item.warehouses.some((warehouse) => warehouse.kind === 'mp'))).toBe(true);
      expect(items.every((item) => item.inWayToClient === 0)).toBe(true);
    },
  );

  it('a job taken up again from its checkpoint polls the task it had made, without making another', { timeout: 120_000 }, async () => {
    const account = await stockAccount(5);
    account.seller.stock.script([{ processing: 1, end: 'done' }]);
    // The task a killed job had created before it stopped, its id in the job's checkpoint.
    const remainsTaskId = account.seller.stock.create();
    const checkpoint: InventorySyncCheckpoint = {
      syncedAt: new Date().toISOString(),
      step: 'sources',
      remainsTaskId,
      remainsRecreated: false,
      stockReportOffset: 0,
      sellerWarehouses: null,
      sellerWarehouse: 0,
      sellerAfterNmId: 0,
      sources: { remains: 'pending', stockReport: 'pending', sellerWarehouses: 'pending' },
      counts: { remainsRows: 0, stockReportRows: 0, sellerRows: 0, unknownSizes: 0 },
      snapshotDay: moscowToday(new Date()),
      snapshotKinds: [],
    };
    const queues = t.app.get(QueueService);
    const jobId = await queues.enqueue(INVENTORY_SYNC_JOB, { mpAccountId: account.accountId, checkpoint });
    const done = await until(
      () => queues.status(INVENTORY_SYNC_JOB, jobId),
      (status) => status?.state === 'completed' || status?.state === 'failed',
      60_000,
    );
    expect(done?.state).toBe('completed');
    expect(calls(account, warehouseRemainsCreate.path)).toHaveLength(0);
    expect(calls(account, warehouseRemainsStatus.path).map((call) => call.url)).toEqual([
      expect.stringContaining(remainsTaskId),
      expect.stringContaining(remainsTaskId),
    ]);
    expect(calls(account, warehouseRemainsDownload.path)).toHaveLength(1);
    expect((await stocks(account)).some((item) => item.warehouses.some((warehouse) => warehouse.kind === 'mp'))).toBe(true);
  });

  it(
    'a later sync whose remains fail (403) keeps the warehouses of the last good one; one snapshot per Moscow day, days past 90 removed',
    { timeout: 180_000 },
    async () => {
      const account = await stockAccount(10);
      await sync(account);
      const before = await stocks(account);
      await db.insert(inventorySnapshots).values({
        mpAccountId: account.accountId,
        day: '2020-01-01',
        takenAt: new Date('2020-01-01T10:00:00Z'),
        sources: { remains: 'ok', stockReport: 'ok', sellerWarehouses: 'ok' },
      });
      injectFaults(emulator, [{ scope: 'analytics', path: warehouseRemainsCreate.path, status: 403, times: 1 }]);
      const second = await sync(account);
      expect(second.result).toMatchObject({ sources: { remains: 'failed', stockReport: 'ok' } });
      const after = await stocks(account);
      expect(after.map(({ nmId, quantity, warehouses }) => ({ nmId, quantity, warehouses }))).toEqual(
        before.map(({ nmId, quantity, warehouses }) => ({ nmId, quantity, warehouses })),
      );
      const snapshots = await db.select().from(inventorySnapshots).where(eq(inventorySnapshots.mpAccountId, account.accountId));
      expect(snapshots).toHaveLength(1);
      expect(snapshots[0].sources).toEqual({ remains: 'failed', stockReport: 'ok', sellerWarehouses: 'ok' });
      const rows = await db.select().from(inventorySnapshotRows).where(eq(inventorySnapshotRows.mpAccountId, account.accountId));
      const current = await db.select().from(inventoryStocks).where(eq(inventoryStocks.mpAccountId, account.accountId));
      expect(rows).toHaveLength(current.length);
      expect(rows.every((row) => row.day === snapshots[0].day && row.quantity > 0)).toBe(true);
    },
  );
});
