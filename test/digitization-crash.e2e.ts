import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { importCheckpoints, mpOrders, mpSales } from '../src/database/schema';
import { supplierOrders, supplierSales } from '../src/marketplace/endpoints/statistics';
import { crashWorldForFile, RESUME_TIMEOUT_MS } from './support/crash-world';
import { endedImport, IMPORT_ENV, importAccount, startImport } from './support/digitization';
import { callsOf, injectFaults, RunningEmulator } from './support/marketplace';
import { RunningProcess, waitForOutput } from './support/spawn-service';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let api: TestApp;
let startWorker: () => RunningProcess;

crashWorldForFile((world) => ({ emulator, api, startWorker } = world), IMPORT_ENV);

it(
  'a worker killed mid-import: the next one goes on from the checkpoint, asking no committed page again and writing no row twice',
  async () => {
    const db = api.app.get<Database>(DATABASE);
    const account = await importAccount(api, emulator);
    const first = startWorker();
    await waitForOutput(first, /"msg":"started"/);
    // The sales page hangs long enough to kill the worker while it waits, the orders already committed.
    injectFaults(emulator, [{ scope: 'statistics', path: supplierSales.path, latencyMs: 30_000, times: 1 }]);
    const dateFrom = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const jobId = await startImport(api, account.owner.auth, '/digitization/import', { mpAccountId: account.accountId, dateFrom });

    const ordersDone = await until(
      async () =>
        (await db.select().from(importCheckpoints).where(eq(importCheckpoints.jobId, jobId))).find((row) => row.feed === 'orders'),
      (row) => row?.done === true,
      30_000,
    );
    // The hanging sales call is in flight once its fault rule is used up.
    await until(
      async () => emulator.context.faults.list().length,
      (rules) => rules === 0,
    );
    first.child.kill('SIGKILL');
    await first.exited;

    startWorker();
    const status = await endedImport(api, account.owner.auth, jobId, RESUME_TIMEOUT_MS);
    expect(status.state, JSON.stringify(status)).toBe('completed');
    // Orders: the page and the empty answer, both before the kill; none asked again.
    expect(callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path)).toHaveLength(2);
    const [orders] = await db.select({ n: count() }).from(mpOrders).where(eq(mpOrders.mpAccountId, account.accountId));
    const [sales] = await db.select({ n: count() }).from(mpSales).where(eq(mpSales.mpAccountId, account.accountId));
    expect(status.totals).toEqual({
      orders: { inserted: ordersDone!.inserted, updated: 0, unchanged: 0 },
      sales: { inserted: sales.n, updated: 0, unchanged: 0 },
    });
    expect(ordersDone!.inserted).toBe(orders.n);
  },
  RESUME_TIMEOUT_MS + 30_000,
);
