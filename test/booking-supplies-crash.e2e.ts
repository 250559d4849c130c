import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { bookingSupplies, bookingSupplyGoods } from '../src/database/schema';
import { fbwSupplies } from '../src/marketplace/endpoints/fbw-supplies';
import { crashWorldForFile, RESUME_TIMEOUT_MS } from './support/crash-world';
import { createAccount, createUser } from './support/identity';
import { callsOf, RunningEmulator } from './support/marketplace';
import { RunningProcess, waitForOutput } from './support/spawn-service';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let api: TestApp;
let startWorker: () => RunningProcess;

crashWorldForFile((world) => ({ emulator, api, startWorker } = world));

const SUPPLY_PATH = '/api/v1/supplies/{ID}';

it(
  'a worker killed while it reads the supplies’ details: the next one goes on from its checkpoint, listing nothing again and writing no row twice',
  async () => {
    const db = api.app.get<Database>(DATABASE);
    const { seller, token } = emulator.context.sellers.create({ cards: 8, supplies: 0 });
    for (let k = 0; k < 6; k += 1) {
      const added = seller.supplies.add({
        warehouseId: 507,
        supplyDateMs: Date.parse('2026-12-01T00:00:00+03:00'),
        goods: [{ quantity: 10 + k }, { quantity: 5 }],
        status: 2,
        boxTypeId: 2,
      });
      if (typeof added === 'string') throw new Error(added);
    }
    const owner = await createUser(api);
    const accountId = await createAccount(api, owner.id, 'Кабинет', token.token);
    // Each supply's details take a while, so that the kill falls between two of them.
    emulator.context.faults.add([{ scope: 'supplies', path: SUPPLY_PATH, latencyMs: 700 }]);
    const first = startWorker();
    await waitForOutput(first, /"msg":"started"/);

    const started = await api.request({ method: 'POST', url: '/booking/sync', headers: owner.auth, payload: { mpAccountId: accountId } });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json();
    const read = () =>
      db
        .select()
        .from(bookingSupplies)
        .where(and(eq(bookingSupplies.mpAccountId, accountId), eq(bookingSupplies.detailsDue, false)));
    await until(read, (rows) => rows.length >= 2, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const doneBefore = (await read()).length;
    expect(doneBefore).toBeLessThan(6);
    emulator.context.faults.clear();

    startWorker();
    const status = await until(
      async () => (await api.request({ method: 'GET', url: `/booking/sync/status/${jobId}`, headers: owner.auth })).json(),
      (body) => body.state === 'completed' || body.state === 'failed',
      RESUME_TIMEOUT_MS,
    );
    expect(status, JSON.stringify(status)).toMatchObject({ state: 'completed', result: { listed: 6 } });

    const rows = await db.select().from(bookingSupplies).where(eq(bookingSupplies.mpAccountId, accountId));
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => !row.detailsDue && row.warehouseId === 507)).toBe(true);
    for (const row of rows) {
      const goods = await db.select().from(bookingSupplyGoods).where(eq(bookingSupplyGoods.supplyRowId, row.id));
      expect(goods.map((good) => good.quantity).sort((a, b) => a - b)).toEqual([5, row.quantity - 5].sort((a, b) => a - b));
    }
    // The list was read once; the details of a supply already written were not asked again (only the one in flight may be).
    expect(callsOf(emulator, seller.id, 'supplies', fbwSupplies.path)).toHaveLength(1);
    expect(callsOf(emulator, seller.id, 'supplies', SUPPLY_PATH).length).toBeLessThanOrEqual(7);
  },
  RESUME_TIMEOUT_MS + 60_000,
);
