import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { accountingReports, ledgerTransactions } from '../src/database/schema';
import { salesReportDetailsById, salesReportsList } from '../src/marketplace/endpoints/finance';
import { crashWorldForFile, RESUME_TIMEOUT_MS } from './support/crash-world';
import { IMPORT_ENV } from './support/digitization';
import { createAccount, createUser } from './support/identity';
import { callsOf, RunningEmulator } from './support/marketplace';
import { RunningProcess, waitForOutput } from './support/spawn-service';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let api: TestApp;
let startWorker: () => RunningProcess;

// Rate windows at 1 %: the reports' one call a minute is one in 0.6 s.
crashWorldForFile((world) => ({ emulator, api, startWorker } = world), IMPORT_ENV);

it(
  'a worker killed while it reads the reports’ rows: the next one goes on from its checkpoint, listing nothing again and writing no ledger row twice',
  async () => {
    const db = api.app.get<Database>(DATABASE);
    const { seller, token } = emulator.context.sellers.create({
      cards: 10,
      ordersPerDay: 10,
      orderDays: 40,
      reportCosts: true,
      campaigns: 1,
    });
    const owner = await createUser(api);
    const accountId = await createAccount(api, owner.id, 'Кабинет', token.token);
    // Each report's rows take a while, so that the kill falls between two of them.
    emulator.context.faults.add([{ scope: 'finance', path: salesReportDetailsById.path, latencyMs: 700 }]);
    const first = startWorker();
    await waitForOutput(first, /"msg":"started"/);

    const started = await api.request({
      method: 'POST',
      url: '/accounting/reports/sync',
      headers: owner.auth,
      payload: { mpAccountId: accountId },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json();
    const settled = () =>
      db
        .select({ state: accountingReports.state })
        .from(accountingReports)
        .where(and(eq(accountingReports.mpAccountId, accountId), eq(accountingReports.state, 'reconciled')));
    await until(settled, (rows) => rows.length >= 2, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    emulator.context.faults.clear();

    startWorker();
    const status = await until(
      async () => (await api.request({ method: 'GET', url: `/accounting/reports/sync/status/${jobId}`, headers: owner.auth })).json(),
      (body) => body.state === 'completed' || body.state === 'failed',
      RESUME_TIMEOUT_MS,
    );
    expect(status, JSON.stringify(status)).toMatchObject({ state: 'completed' });
    const reports = await db
      .select({ reportId: sql<string>`report_id::text`, state: accountingReports.state, bankPayment: accountingReports.bankPayment })
      .from(accountingReports)
      .where(eq(accountingReports.mpAccountId, accountId));
    expect(reports.length).toBeGreaterThanOrEqual(5);
    // Every report reconciled, and its ledger rows (each row of the report once) add up to its bank payment.
    for (const report of reports) {
      expect(report.state).toBe('reconciled');
      const [ledger] = await db
        .select({
          sum: sql<string>`sum(${ledgerTransactions.amount})::text`,
          twice: sql<number>`count(*) - count(DISTINCT (rrd_id, type))`,
        })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.mpAccountId, accountId), eq(ledgerTransactions.reportId, report.reportId)));
      expect(Number(ledger.sum)).toBe(Number(report.bankPayment));
      expect(Number(ledger.twice)).toBe(0);
    }
    // The list was read once; a report already reconciled was not read again: two calls a report (its rows, then the
    // 204 after them), and the one in flight at the kill at most twice more.
    expect(callsOf(emulator, seller.id, 'finance', salesReportsList.path)).toHaveLength(1);
    expect(callsOf(emulator, seller.id, 'finance', salesReportDetailsById.path).length).toBeLessThanOrEqual(2 * reports.length + 2);
  },
  RESUME_TIMEOUT_MS + 60_000,
);
