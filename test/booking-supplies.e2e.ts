import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Seller } from '../emulator/src/sellers';
import type { Database } from '../src/database/database.tokens';
import { bookingSupplies, bookingSupplyGoods, notifications } from '../src/database/schema';
import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { RateRules } from '../src/marketplace/client/rate-rules';
import { fbwSupplies, fbwSupply, fbwSupplyGoods } from '../src/marketplace/endpoints/fbw-supplies';
import { BOOKING_SUPPLIES_SYNC_JOB, BookingSuppliesJobs } from '../src/modules/booking/supplies/booking-supplies.jobs';
import { BookingSuppliesReader } from '../src/modules/booking/supplies/booking-supplies.reader';
import { QueueService } from '../src/queue/queue.service';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { callsOf, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

interface SupplyAccount {
  accountId: string;
  seller: Seller;
  owner: TestUser;
}

interface SupplyBody {
  supplyId: string | null;
  preorderId: string | null;
  status: number;
  statusName: string;
  warehouseId: number | null;
  warehouseName: string | null;
  createDate: string;
  supplyDate: string | null;
  factDate: string | null;
  quantity: number;
  acceptedQuantity: number;
  readyForSaleQuantity: number;
  shortfall: number | null;
  acceptanceCost: number | null;
  goods?: { barcode: string; nmId: number; vendorCode: string; techSize: string; quantity: number; acceptedQuantity: number | null }[];
}

async function supplyAccount(supplies = 6): Promise<SupplyAccount> {
  const { seller, token } = emulator.context.sellers.create({ cards: 8, supplies });
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id, 'Кабинет', token.token);
  return { accountId, seller, owner };
}

/** Starts a sync through the API and waits until its job ended; answers the job status. */
async function synced(account: SupplyAccount): Promise<Record<string, any>> {
  const started = await t.request({
    method: 'POST',
    url: '/booking/sync',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId },
  });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json();
  return until(
    async () => (await t.request({ method: 'GET', url: `/booking/sync/status/${jobId}`, headers: account.owner.auth })).json(),
    (status) => status.state === 'completed' || status.state === 'failed',
    60_000,
  );
}

async function get(account: SupplyAccount, url: string, auth = account.owner.auth) {
  return t.request({ method: 'GET', url, headers: auth });
}

const shortfallNotices = (account: SupplyAccount) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, account.owner.id), eq(notifications.type, 'booking.shortfall')));

describe('FBW supplies sync (reference 11.4-11.6)', () => {
  it('lists every supply, reads the details and goods of each, and shows them with ids as strings', async () => {
    const account = await supplyAccount();
    const status = await synced(account);
    expect(status, JSON.stringify(status)).toMatchObject({ state: 'completed', result: { listed: 6, details: 6 } });

    const marketplace = account.seller.supplies.all();
    const page = await get(account, `/booking?mpAccountId=${account.accountId}&limit=100`);
    expect(page.statusCode, page.body).toBe(200);
    const items: SupplyBody[] = page.json().items;
    expect(page.json().meta.total).toBe(6);
    expect(items.map((item) => item.supplyId).sort()).toEqual(
      marketplace.map((supply) => (supply.supplyId === null ? null : String(supply.supplyId))).sort(),
    );
    for (const item of items) {
      const supply = marketplace.find((candidate) => String(candidate.preorderId) === item.preorderId)!;
      expect(item).toMatchObject({
        status: supply.status,
        warehouseId: supply.warehouseId,
        warehouseName: supply.warehouseName,
        quantity: supply.goods.reduce((sum, good) => sum + good.quantity, 0),
        acceptanceCost: supply.acceptanceCost,
      });
      expect(typeof item.statusName).toBe('string');
      expect(new Date(item.createDate).getTime()).toBe(Math.floor(supply.createdMs / 1000) * 1000);
      if (item.supplyId !== null) expect(item.supplyId).toMatch(/^\d+$/);
    }
    const withId = items.find((item) => item.supplyId !== null)!;
    const one = await get(account, `/booking/${withId.supplyId}?mpAccountId=${account.accountId}`);
    expect(one.statusCode, one.body).toBe(200);
    const supply = marketplace.find((candidate) => String(candidate.supplyId) === withId.supplyId)!;
    expect(one.json()).toMatchObject({ ...withId, goods: expect.any(Array) });
    expect(
      one
        .json()
        .goods.map((good: { barcode: string; nmId: number; vendorCode: string; techSize: string; quantity: number }) => [
          good.barcode,
          good.nmId,
          good.vendorCode,
          good.techSize,
          good.quantity,
        ])
        .sort(),
    ).toEqual(supply.goods.map((good) => [good.barcode, good.nmID, good.vendorCode, good.techSize, good.quantity]).sort());
  });

  it('95 of 100 accepted: shortfall 5 once accepted, and exactly one notification across repeated syncs', async () => {
    const account = await supplyAccount(0);
    const control = account.seller.supplies;
    const added = control.add({
      warehouseId: 117501,
      supplyDateMs: Date.parse('2026-12-01T00:00:00+03:00'),
      goods: [{ quantity: 100 }],
      status: 2,
      boxTypeId: 2,
    });
    if (typeof added === 'string') throw new Error(added);
    control.setAccepted(added, 95);
    await synced(account);
    const planned = (await get(account, `/booking/${added.supplyId}?mpAccountId=${account.accountId}`)).json();
    expect(planned).toMatchObject({ status: 2, statusName: 'Запланировано', quantity: 100, acceptedQuantity: 0, shortfall: null });
    expect(planned.supplyDate).toBe('2026-11-30T21:00:00.000Z');

    control.advance(added, 5);
    await synced(account);
    const accepted = (await get(account, `/booking/${added.supplyId}?mpAccountId=${account.accountId}`)).json();
    expect(accepted).toMatchObject({
      status: 5,
      statusName: 'Принято',
      quantity: 100,
      acceptedQuantity: 95,
      readyForSaleQuantity: 95,
      shortfall: 5,
    });
    expect(accepted.goods).toMatchObject([{ quantity: 100, acceptedQuantity: 95 }]);
    await synced(account);
    await synced(account);
    const notices = await shortfallNotices(account);
    expect(notices).toHaveLength(1);
    expect(notices[0].payload).toMatchObject({
      mpAccountId: account.accountId,
      supplyId: String(added.supplyId),
      quantity: 100,
      acceptedQuantity: 95,
      shortfall: 5,
    });
  });

  it('a second sync reads the details only of supplies that changed, and lists those updated since the day before the first', async () => {
    const account = await supplyAccount(3);
    await synced(account);
    const [changing] = account.seller.supplies.all().filter((supply) => supply.status !== 5);
    const detailsBefore = callsOf(emulator, account.seller.id, 'supplies', '/api/v1/supplies/{ID}').length;
    account.seller.supplies.advance(changing);
    const status = await synced(account);
    expect(status.result).toMatchObject({ details: 1 });
    expect(callsOf(emulator, account.seller.id, 'supplies', '/api/v1/supplies/{ID}')).toHaveLength(detailsBefore + 1);
    const [first, second] = callsOf(emulator, account.seller.id, 'supplies', fbwSupplies.path).map(
      (call) => call.body as Record<string, any>,
    );
    expect(first).toEqual({});
    expect(second.dates).toEqual([{ type: 'updatedDate', from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
    const rows = await db.select().from(bookingSupplies).where(eq(bookingSupplies.mpAccountId, account.accountId));
    expect(rows).toHaveLength(3);
  });

  it('an order becomes a supply: one row, by the supply id', async () => {
    const account = await supplyAccount(0);
    const added = account.seller.supplies.add({
      warehouseId: 507,
      supplyDateMs: Date.parse('2026-12-02T00:00:00+03:00'),
      goods: [{ quantity: 7 }],
      status: 1,
      boxTypeId: 2,
    });
    if (typeof added === 'string') throw new Error(added);
    await synced(account);
    const orders = (await get(account, `/booking?mpAccountId=${account.accountId}`)).json().items;
    expect(orders).toMatchObject([{ supplyId: null, preorderId: String(added.preorderId), status: 1, quantity: 7, warehouseId: 507 }]);
    account.seller.supplies.advance(added);
    await synced(account);
    const supplies = (await get(account, `/booking?mpAccountId=${account.accountId}`)).json().items;
    expect(supplies).toMatchObject([{ supplyId: String(added.supplyId), preorderId: String(added.preorderId), status: 2, quantity: 7 }]);
  });

  it('filters by status, and pages', async () => {
    const account = await supplyAccount(0);
    for (const status of [2, 3, 5, 5] as const) {
      const added = account.seller.supplies.add({
        warehouseId: 507,
        supplyDateMs: Date.parse('2026-12-03T00:00:00+03:00'),
        goods: [{ quantity: 10 }],
        status,
        boxTypeId: 2,
      });
      if (typeof added === 'string') throw new Error(added);
    }
    await synced(account);
    const accepted = (await get(account, `/booking?mpAccountId=${account.accountId}&status=5`)).json();
    expect(accepted.meta.total).toBe(2);
    expect(accepted.items.map((item: SupplyBody) => item.status)).toEqual([5, 5]);
    const paged = (await get(account, `/booking?mpAccountId=${account.accountId}&limit=3&page=2`)).json();
    expect(paged.meta).toMatchObject({ total: 4, page: 2, totalPages: 2, hasPrev: true, hasNext: false });
    expect(paged.items).toHaveLength(1);
    expect((await get(account, `/booking?mpAccountId=${account.accountId}&status=7`)).statusCode).toBe(400);
  });

  it('the reader gives supplies planned at a warehouse for a Moscow day', async () => {
    const account = await supplyAccount(0);
    const at = (warehouseId: number, day: string, status: 1 | 2 | 5) => {
      const added = account.seller.supplies.add({
        warehouseId,
        supplyDateMs: Date.parse(`${day}T00:00:00+03:00`),
        goods: [{ quantity: 3 }],
        status,
        boxTypeId: 2,
      });
      if (typeof added === 'string') throw new Error(added);
      return added;
    };
    const planned = at(507, '2026-12-10', 2);
    const accepted = at(507, '2026-12-11', 5);
    at(507, '2026-12-20', 2);
    at(117501, '2026-12-10', 2);
    at(507, '2026-12-10', 1);
    await synced(account);
    const found = await t.app
      .get(BookingSuppliesReader)
      .plannedAt(account.accountId, { warehouseIds: [507], dayFrom: '2026-12-10', dayTo: '2026-12-11' });
    expect(found.sort((a, b) => a.supplyDay.localeCompare(b.supplyDay))).toEqual([
      { supplyId: String(planned.supplyId), warehouseId: 507, supplyDay: '2026-12-10', status: 2, accepted: false },
      { supplyId: String(accepted.supplyId), warehouseId: 507, supplyDay: '2026-12-11', status: 5, accepted: true },
    ]);
  });

  it('the schedule syncs accounts with a supply on its way or never synced, not those whose supplies are all accepted', async () => {
    const waiting = await supplyAccount(0);
    const done = await supplyAccount(0);
    const never = await supplyAccount(0);
    for (const [account, status] of [
      [waiting, 3],
      [done, 5],
    ] as const) {
      const added = account.seller.supplies.add({
        warehouseId: 507,
        supplyDateMs: Date.now(),
        goods: [{ quantity: 1 }],
        status,
        boxTypeId: 2,
      });
      if (typeof added === 'string') throw new Error(added);
      await synced(account);
    }
    const lists = (account: SupplyAccount) => callsOf(emulator, account.seller.id, 'supplies', fbwSupplies.path).length;
    const before = [waiting, done, never].map(lists);
    await t.app.get(BookingSuppliesJobs).schedule();
    await until(
      async () => [waiting, never].map(lists),
      (counts) => counts[0] > before[0] && counts[1] > before[2],
    );
    const queues = t.app.get(QueueService);
    await until(
      async () => queues.unfinished(BOOKING_SUPPLIES_SYNC_JOB, never.accountId),
      (job) => job === undefined,
    );
    expect(lists(done)).toBe(before[1]);
  });
});

describe('FBW supplies routes: scope and input', () => {
  it('a foreign account is 404 on every route; a supply id of another account is 404 too', async () => {
    const account = await supplyAccount(2);
    const status = await synced(account);
    const stranger = await createUser(t);
    const [row] = await db.select().from(bookingSupplies).where(eq(bookingSupplies.mpAccountId, account.accountId));
    const supplyId = String(account.seller.supplies.all().find((supply) => supply.supplyId !== null)?.supplyId ?? row.supplyId);
    const requests = [
      { method: 'POST' as const, url: '/booking/sync', payload: { mpAccountId: account.accountId } },
      { method: 'GET' as const, url: `/booking/sync/status/${status.jobId}` },
      { method: 'GET' as const, url: `/booking?mpAccountId=${account.accountId}` },
      { method: 'GET' as const, url: `/booking/${supplyId}?mpAccountId=${account.accountId}` },
    ];
    for (const request of requests) {
      const response = await t.request({ ...request, headers: stranger.auth });
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(404);
      expectErrorEnvelope(response, 404, 'NOT_FOUND');
    }
    const own = await supplyAccount(0);
    const foreign = await get(own, `/booking/${supplyId}?mpAccountId=${own.accountId}`);
    expect(foreign.statusCode).toBe(404);
    expectErrorEnvelope(foreign, 404, 'NOT_FOUND');
  });

  it('/booking/:supplyId takes digits only', async () => {
    const account = await supplyAccount(0);
    for (const id of ['abc', '12a', '-1', '0', '99999999999999999999']) {
      const response = await get(account, `/booking/${id}?mpAccountId=${account.accountId}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().details).toEqual([{ field: 'supplyId', errors: ['matches'] }]);
    }
    expect((await get(account, `/booking/9223372036854775807?mpAccountId=${account.accountId}`)).statusCode).toBe(404);
  });

  it('a supply gone from the marketplace keeps its row from the list, and the sync ends', async () => {
    const account = await supplyAccount(0);
    const added = account.seller.supplies.add({
      warehouseId: 507,
      supplyDateMs: Date.now(),
      goods: [{ quantity: 4 }],
      status: 2,
      boxTypeId: 2,
    });
    if (typeof added === 'string') throw new Error(added);
    emulator.context.faults.add([
      {
        scope: 'supplies',
        path: '/api/v1/supplies/{ID}/goods',
        status: 400,
        body: { title: 'bad request', detail: 'fail to get box barcodes info: Поставка не найдена', origin: 'supply-api', status: 400 },
      },
    ]);
    try {
      const status = await synced(account);
      expect(status.state).toBe('completed');
    } finally {
      emulator.context.faults.clear();
    }
    const [row] = await db.select().from(bookingSupplies).where(eq(bookingSupplies.mpAccountId, account.accountId));
    expect(row).toMatchObject({ status: 2, detailsDue: false });
    expect(await db.select().from(bookingSupplyGoods).where(eq(bookingSupplyGoods.supplyRowId, row.id))).toEqual([]);
    expect(callsOf(emulator, account.seller.id, 'supplies', fbwSupplyGoods.path.replace('{task_id}', '{ID}'))).toHaveLength(1);
    expect(callsOf(emulator, account.seller.id, 'supplies', fbwSupply.path.replace('{task_id}', '{ID}'))).toHaveLength(1);
  });
});

describe('FBW supplies calls through the client', () => {
  it('read ids as exact digit strings, hand back the 404 of details and the 400 of goods, and share one bucket per call across supply ids', async () => {
    const account = await supplyAccount(0);
    const added = account.seller.supplies.add({
      warehouseId: 507,
      supplyDateMs: Date.now(),
      goods: [{ quantity: 2 }],
      status: 3,
      boxTypeId: 2,
    });
    if (typeof added === 'string') throw new Error(added);
    const client = t.app.get(MarketplaceClient);
    const as = { accountId: account.accountId };
    const listed = await client.call(fbwSupplies, as, { limit: 10, offset: 0, statusIDs: [3] });
    expect(listed.body).toMatchObject([{ supplyID: String(added.supplyId), preorderID: String(added.preorderId), statusID: 3 }]);
    const details = await client.call(fbwSupply, as, { id: String(added.supplyId), isPreorderID: false });
    expect(details).toMatchObject({ ok: true, body: { statusID: 3, warehouseID: 507, quantity: 2 } });
    expect(await client.call(fbwSupply, as, { id: '1', isPreorderID: false })).toMatchObject({ ok: false, status: 404 });
    expect(await client.call(fbwSupplyGoods, as, { id: '1', isPreorderID: false, limit: 10, offset: 0 })).toMatchObject({
      ok: false,
      status: 400,
    });
    const rules = new RateRules();
    expect(rules.bucketPath('supplies', `/api/v1/supplies/${added.supplyId}`)).toBe(fbwSupply.path);
    expect(rules.bucketPath('supplies', '/api/v1/supplies/1/goods')).toBe(fbwSupplyGoods.path);
    expect(callsOf(emulator, account.seller.id, 'supplies').map((call) => call.url)).toEqual([
      '/supplies/api/v1/supplies?limit=10&offset=0',
      `/supplies/api/v1/supplies/${added.supplyId}?isPreorderID=false`,
      '/supplies/api/v1/supplies/1?isPreorderID=false',
      '/supplies/api/v1/supplies/1/goods?limit=10&offset=0&isPreorderID=false',
    ]);
  });
});
