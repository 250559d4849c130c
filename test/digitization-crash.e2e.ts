import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { importCheckpoints, mpOrders, mpSales, realisationReportRows } from '../src/database/schema';
import { salesReportDetailed } from '../src/marketplace/endpoints/finance';
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

/** Report pages of 125 rows: a seller of 100 orders a day gives a report of some fifteen pages. */
const PAGE_ROWS = 125;

crashWorldForFile((world) => ({ emulator, api, startWorker } = world), { ...IMPORT_ENV, REPORT_PAGE_ROWS: String(PAGE_ROWS) });

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

it(
  'a worker killed mid-report: the next one goes on after the last committed page, asking it no more and writing no row twice',
  async () => {
    const db = api.app.get<Database>(DATABASE);
    const account = await importAccount(api, emulator, { cards: 20, ordersPerDay: 100, orderDays: 20 });
    const first = startWorker();
    await waitForOutput(first, /"msg":"started"/);
    const dateFrom = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const dateTo = new Date().toISOString().slice(0, 10);
    const jobId = await startImport(api, account.owner.auth, '/digitization/financial-report/import', {
      mpAccountId: account.accountId,
      dateFrom,
      dateTo,
    });
    // Two pages committed, then the page in flight hangs long enough to kill the worker while it waits.
    await until(
      async () => (await db.select().from(importCheckpoints).where(eq(importCheckpoints.jobId, jobId)))[0],
      (row) => (row?.inserted ?? 0) >= 2 * PAGE_ROWS,
      30_000,
    );
    injectFaults(emulator, [{ scope: 'finance', path: salesReportDetailed.path, latencyMs: 30_000, times: 1 }]);
    await until(
      async () => emulator.context.faults.list().length,
      (rules) => rules === 0,
    );
    const [committed] = await db.select().from(importCheckpoints).where(eq(importCheckpoints.jobId, jobId));
    first.child.kill('SIGKILL');
    await first.exited;

    startWorker();
    const status = await endedImport(api, account.owner.auth, jobId, RESUME_TIMEOUT_MS);
    expect(status.state, JSON.stringify(status)).toBe('completed');
    const asked = callsOf(emulator, account.sellerId, 'finance', salesReportDetailed.path).map((call) =>
      String((call.body as { rrdId: number }).rrdId),
    );
    // Every page was asked once, except the one in flight at the kill: asked again after the last committed page.
    expect(asked.filter((rrdId, index) => asked.indexOf(rrdId) !== index)).toEqual([committed.cursor]);
    const [rows] = await db
      .select({ n: count() })
      .from(realisationReportRows)
      .where(eq(realisationReportRows.mpAccountId, account.accountId));
    expect(status.totals).toEqual({ report: { inserted: rows.n, updated: 0, unchanged: 0 } });
    expect(asked).toHaveLength(Math.ceil(rows.n / PAGE_ROWS) + 2);
  },
  RESUME_TIMEOUT_MS + 30_000,
);
