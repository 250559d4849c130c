import { count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { notifications, realisationReportRows } from '../src/database/schema';
import { salesReportDetailed } from '../src/marketplace/endpoints/finance';
import { QueueService } from '../src/queue/queue.service';
import { number } from '../src/shared/format';
import { endedImport, IMPORT_ENV, ImportAccount, importAccount, SMALL_SELLER, startImport } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

/** Pages of 250 rows: a seller of 100 orders a day gives a report of many pages. */
const PAGE_ROWS = 250;
const MANY_PAGES_SELLER = { cards: 20, ordersPerDay: 100, orderDays: 20 };

emulatedServiceForFile((service) => ({ emulator, t, db } = service), { ...IMPORT_ENV, REPORT_PAGE_ROWS: String(PAGE_ROWS) });

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function importReport(account: ImportAccount, dateFrom: string, dateTo: string): Promise<string> {
  return startImport(t, account.owner.auth, '/digitization/financial-report/import', { mpAccountId: account.accountId, dateFrom, dateTo });
}

it.each([
  ['a dateFrom before 2024-01-29', '2024-01-28', '2024-02-04', 'есть только с 29.01.2024'],
  ['a dateTo before dateFrom', '2024-03-10', '2024-03-09', 'раньше даты начала'],
  ['a period of 367 days', '2024-01-29', '2025-01-29', 'длиннее 366 дней'],
])('%s: 400 BAD_REQUEST with the reason, and no job', async (_name, dateFrom, dateTo, reason) => {
  const account = await importAccount(t, emulator);
  const response = await t.request({
    method: 'POST',
    url: '/digitization/financial-report/import',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, dateFrom, dateTo },
  });
  expect(expectErrorEnvelope(response, 400, 'BAD_REQUEST').message).toContain(reason);
  const jobs = await t.app.get(QueueService).queue('digitization').getJobs();
  expect(jobs.filter((job) => job.data.mpAccountId === account.accountId)).toEqual([]);
});

it('the first day of the report and a period of exactly 366 days are accepted; a period without rows is saved without them', async () => {
  const account = await importAccount(t, emulator);
  const status = await endedImport(t, account.owner.auth, await importReport(account, '2024-01-29', '2025-01-28'));
  expect(status).toMatchObject({ state: 'completed', totals: { report: { inserted: 0, updated: 0, unchanged: 0 } } });
  const [notice] = await db.select().from(notifications).where(eq(notifications.userId, account.owner.id));
  const period = { dateFrom: '2024-01-29', dateTo: '2025-01-28', shortened: false };
  expect(notice).toMatchObject({
    type: 'import.finished',
    body: 'Отчёт о реализации сохранён без строк реализации: за период их нет',
    payload: { period },
  });
  expect(status.result).toMatchObject({ message: notice.body, period });
  const runs = await t.request({
    method: 'GET',
    url: `/digitization/import/runs?mpAccountId=${account.accountId}`,
    headers: account.owner.auth,
  });
  expect(runs.json().items).toMatchObject([{ kind: 'report', state: 'completed', period }]);
}, 60_000);

it('imports the report rows by rrdId with their ids exact and the whole row kept; a repeat import changes nothing', async () => {
  const account = await importAccount(t, emulator);
  const first = await endedImport(t, account.owner.auth, await importReport(account, day(-20), day(0)));
  expect(first.state, JSON.stringify(first)).toBe('completed');
  const [{ n }] = await db
    .select({ n: count() })
    .from(realisationReportRows)
    .where(eq(realisationReportRows.mpAccountId, account.accountId));
  expect(n).toBeGreaterThan(0);
  expect(first.totals).toEqual({ report: { inserted: n, updated: 0, unchanged: 0 } });
  const [mismatch] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from realisation_report_rows where mp_account_id = ${account.accountId}
      and (rrd_id::text <> row->>'rrdId' or report_id::text <> row->>'reportId' or for_pay <> (row->>'forPay')::numeric)`)
  ).rows;
  expect(mismatch.n).toBe(0);

  const second = await endedImport(t, account.owner.auth, await importReport(account, day(-20), day(0)));
  expect(second.totals).toEqual({ report: { inserted: 0, updated: 0, unchanged: n } });
  const notices = await db.select({ body: notifications.body }).from(notifications).where(eq(notifications.userId, account.owner.id));
  expect(notices.map((notice) => notice.body)).toContain(
    `Отчёт о реализации сохранён. Строки: новых 0, изменено 0, без изменений ${number(n)}`,
  );
}, 60_000);

it('report ids above 2^53 are kept exact, in the table and in the whole row', async () => {
  const account = await importAccount(t, emulator, { ...SMALL_SELLER, largeReportIds: true });
  const status = await endedImport(t, account.owner.auth, await importReport(account, day(-20), day(0)));
  expect(status.state, JSON.stringify(status)).toBe('completed');
  const rows = await db
    .select({ reportId: sql<string>`report_id::text`, kept: sql<string>`row->>'reportId'`, dateFrom: realisationReportRows.dateFrom })
    .from(realisationReportRows)
    .where(eq(realisationReportRows.mpAccountId, account.accountId));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    // The emulator's weekly id (300 000 000 + the Monday's day number) above 2^60.
    const expected = 2n ** 60n + 300_000_000n + BigInt(Date.parse(`${row.dateFrom}T00:00:00Z`) / 86_400_000);
    expect(row).toMatchObject({ reportId: expected.toString(), kept: expected.toString() });
  }
}, 60_000);

/** The report calls the emulator received for a seller: what each asked for, and how it was answered. */
function reportCalls(account: ImportAccount) {
  return callsOf(emulator, account.sellerId, 'finance', salesReportDetailed.path).map((call) => ({
    status: call.status,
    body: call.body as { dateFrom: string; dateTo: string; limit?: number; rrdId?: number },
  }));
}

async function storedRrdIds(accountId: string): Promise<number[]> {
  const rows = await db
    .select({ rrdId: sql<string>`rrd_id::text` })
    .from(realisationReportRows)
    .where(eq(realisationReportRows.mpAccountId, accountId))
    .orderBy(realisationReportRows.rrdId);
  return rows.map((row) => Number(row.rrdId));
}

it('a report of any size is read in pages of REPORT_PAGE_ROWS rows, each after the last row of the one before, until 204 (500 000 rows: npm run bench -- digitization-report)', async () => {
  const account = await importAccount(t, emulator, MANY_PAGES_SELLER);
  const period = { dateFrom: day(-20), dateTo: day(0) };
  const status = await endedImport(t, account.owner.auth, await importReport(account, period.dateFrom, period.dateTo));
  expect(status.state, JSON.stringify(status)).toBe('completed');
  const rrdIds = await storedRrdIds(account.accountId);
  const pages = Math.ceil(rrdIds.length / PAGE_ROWS);
  expect(pages).toBeGreaterThanOrEqual(5);
  expect(status.totals).toEqual({ report: { inserted: rrdIds.length, updated: 0, unchanged: 0 } });
  // Each page asks for PAGE_ROWS rows after the last row of the page before: no page holds more, none is asked twice.
  const cursors = [0, ...Array.from({ length: pages }, (_, page) => rrdIds[Math.min(rrdIds.length, (page + 1) * PAGE_ROWS) - 1])];
  expect(reportCalls(account)).toEqual([
    ...cursors.slice(0, -1).map((rrdId) => ({ status: 200, body: { ...period, limit: PAGE_ROWS, rrdId } })),
    { status: 204, body: { ...period, limit: PAGE_ROWS, rrdId: cursors[pages] } },
  ]);
}, 60_000);

it('a page that does not go past its rrdId (the same page again) stops the import with an error, keeping the pages before', async () => {
  const account = await importAccount(t, emulator, MANY_PAGES_SELLER);
  const period = { dateFrom: day(-20), dateTo: day(0) };
  const first = await fetch(`${emulator.url}/finance${salesReportDetailed.path}`, {
    method: 'POST',
    headers: { authorization: account.marketplaceKey, 'content-type': 'application/json' },
    body: JSON.stringify({ ...period, limit: PAGE_ROWS, rrdId: 0 }),
  }).then((response) => response.json() as Promise<{ rrdId: number }[]>);
  const asked = reportCalls(account).length;
  // The marketplace answers the first page, then the same page again after its last row.
  injectFaults(emulator, [{ scope: 'finance', path: salesReportDetailed.path, status: 200, body: first, times: 2 }]);
  const status = await endedImport(t, account.owner.auth, await importReport(account, period.dateFrom, period.dateTo));
  expect(status).toMatchObject({ state: 'failed', progress: { phase: 'failed', attempt: 1 } });
  expect(status.failedReason).toContain('той же страницей');
  const last = first[first.length - 1].rrdId;
  expect(reportCalls(account).slice(asked)).toEqual([
    { status: 200, body: { ...period, limit: PAGE_ROWS, rrdId: 0 } },
    { status: 200, body: { ...period, limit: PAGE_ROWS, rrdId: last } },
  ]);
  expect(await storedRrdIds(account.accountId)).toEqual(first.map((row) => row.rrdId));
  const notices = await db.select().from(notifications).where(eq(notifications.userId, account.owner.id));
  expect(notices).toEqual([expect.objectContaining({ type: 'import.failed', body: status.failedReason })]);
}, 60_000);
