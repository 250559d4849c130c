import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { CONTROL_PREFIX } from '../emulator/src/routes/control.routes';
import type { Database } from '../src/database/database.tokens';
import { ledgerTransactions, realisationReportRows } from '../src/database/schema';
import { adSpendHistory } from '../src/marketplace/endpoints/advert';
import { salesReportDetailsById, salesReportsList } from '../src/marketplace/endpoints/finance';
import { endedImport, IMPORT_ENV, ImportAccount, importAccount, startImport } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { callsOf, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service), IMPORT_ENV);

/** 20 days of 10 orders a day with the report's cost rows: two or three formed weekly reports. */
const SELLER = { cards: 10, ordersPerDay: 10, orderDays: 20, reportCosts: true, campaigns: 2 };

interface ReportBody {
  id: string;
  dateFrom: string;
  dateTo: string;
  state: string;
  rowsCount: number;
  totals: Record<string, number>;
  differences: { field: string; reportTotal: number; rowsTotal: number }[];
  unmappedOperations: string[];
}

async function synced(account: ImportAccount, payload: Record<string, unknown> = {}) {
  const started = await t.request({
    method: 'POST',
    url: '/accounting/reports/sync',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, ...payload },
  });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId } = started.json();
  return until(
    async () => (await t.request({ method: 'GET', url: `/accounting/reports/sync/status/${jobId}`, headers: account.owner.auth })).json(),
    (status) => status.state === 'completed' || status.state === 'failed',
    60_000,
  );
}

async function reports(account: ImportAccount): Promise<ReportBody[]> {
  const response = await t.request({
    method: 'GET',
    url: `/accounting/reports?mpAccountId=${account.accountId}&limit=100`,
    headers: account.owner.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

/** The account's ledger rows of the marketplace's reports, summed per report (numeric text). */
async function ledgerByReport(accountId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({
      reportId: ledgerTransactions.reportId,
      sum: sql<string>`sum(${ledgerTransactions.amount})::text`,
      n: sql<number>`count(*)::int`,
    })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.mpAccountId, accountId), eq(ledgerTransactions.source, 'mp_report')))
    .groupBy(ledgerTransactions.reportId);
  return new Map(rows.map((row) => [row.reportId!, row.sum]));
}

/** The seller's calls of the rows of one report by its id. */
const detailCalls = (account: ImportAccount) => callsOf(emulator, account.sellerId, 'finance', salesReportDetailsById.path);

const emulatorControl = (path: string, body: unknown) =>
  fetch(`${emulator.url}${CONTROL_PREFIX}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('accounting sync', () => {
  it('lists the weekly reports, reads their rows by id, reconciles each to the kopeck, and its ledger rows add up to the bank payment', async () => {
    const account = await importAccount(t, emulator, SELLER);
    const status = await synced(account);
    expect(status.state, JSON.stringify(status)).toBe('completed');
    const listed = await reports(account);
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(status.result).toMatchObject({
      listed: listed.length,
      fetched: listed.length,
      reused: 0,
      reconciled: listed.length,
      mismatched: 0,
    });
    expect(callsOf(emulator, account.sellerId, 'finance', salesReportsList.path)).toHaveLength(1);
    // Each listed report read by its id, in the path.
    expect(new Set(detailCalls(account).map((call) => call.url.split('/').pop()))).toEqual(new Set(listed.map((report) => report.id)));
    const ledger = await ledgerByReport(account.accountId);
    for (const report of listed) {
      expect(report).toMatchObject({ state: 'reconciled', differences: [] });
      expect(report.rowsCount).toBeGreaterThan(0);
      expect(Number(ledger.get(report.id))).toBe(report.totals.bankPayment);
    }
    // The emulator's one operation the table does not know: typed other, listed on its report.
    const unmapped = listed.filter((report) => report.unmappedOperations.length > 0);
    expect(unmapped.flatMap((report) => report.unmappedOperations)).toEqual(['Корректировка эквайринга']);
    const others = await db
      .select({ comment: ledgerTransactions.comment, reportId: ledgerTransactions.reportId })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.mpAccountId, account.accountId), eq(ledgerTransactions.type, 'other')));
    expect(others).toEqual([{ comment: 'Корректировка эквайринга', reportId: unmapped[0].id }]);
  }, 90_000);

  it('a total that differs from its rows makes the report mismatch with the difference; a re-sync after an edited row updates it without duplicates', async () => {
    const account = await importAccount(t, emulator, SELLER);
    expect((await synced(account)).state).toBe('completed');
    const [first] = await reports(account);
    const rowsBefore = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(realisationReportRows)
      .where(eq(realisationReportRows.mpAccountId, account.accountId));

    // The list says one kopeck more of logistics than the rows add up to (its bank payment as before).
    expect(
      (await emulatorControl(`/sellers/${account.sellerId}/sales-reports/${first.id}/totals`, { field: 'deliveryServiceSum', kopecks: 1 }))
        .status,
    ).toBe(200);
    const second = await synced(account);
    expect(second.result).toMatchObject({ fetched: 1, mismatched: 1 });
    const [mismatched] = (await reports(account)).filter((report) => report.id === first.id);
    expect(mismatched).toMatchObject({
      state: 'mismatch',
      differences: [
        { field: 'logistics', reportTotal: Math.round(first.totals.logistics * 100 + 1) / 100, rowsTotal: first.totals.logistics },
      ],
    });

    // A row of another report changes (its list item follows it): that report alone is read again and stays reconciled.
    const [row] = await db
      .select({ rrdId: sql<string>`rrd_id::text`, reportId: sql<string>`report_id::text`, forPay: realisationReportRows.forPay })
      .from(realisationReportRows)
      .where(
        and(
          eq(realisationReportRows.mpAccountId, account.accountId),
          eq(realisationReportRows.docTypeName, 'Продажа'),
          sql`report_id::text <> ${first.id}`,
        ),
      )
      .limit(1);
    expect(
      (await emulatorControl(`/sellers/${account.sellerId}/sales-reports/rows/${row.rrdId}`, { field: 'forPay', kopecks: -250 })).status,
    ).toBe(200);
    const readAgain = () => detailCalls(account).filter((call) => call.url.endsWith(`/detailed/${row.reportId}`)).length;
    const before = readAgain();
    const third = await synced(account);
    expect(third.result).toMatchObject({ fetched: 1, reconciled: 1 });
    expect(readAgain()).toBeGreaterThan(before);
    const [edited] = await db
      .select({ forPay: realisationReportRows.forPay })
      .from(realisationReportRows)
      .where(and(eq(realisationReportRows.mpAccountId, account.accountId), sql`rrd_id = ${row.rrdId}::bigint`));
    expect(Number(edited.forPay)).toBeCloseTo(Number(row.forPay) - 2.5, 2);
    const rowsAfter = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(realisationReportRows)
      .where(eq(realisationReportRows.mpAccountId, account.accountId));
    expect(rowsAfter).toEqual(rowsBefore);
    const report = (await reports(account)).find((item) => item.id === row.reportId)!;
    expect(report.state).toBe('reconciled');
    expect(Number((await ledgerByReport(account.accountId)).get(row.reportId))).toBe(report.totals.bankPayment);
    const saleRows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.mpAccountId, account.accountId),
          eq(ledgerTransactions.rrdId, row.rrdId),
          eq(ledgerTransactions.type, 'sale'),
        ),
      );
    expect(saleRows).toEqual([{ n: 1 }]);
  }, 120_000);

  it('reuses the rows an import stored: a report that adds up is not read again', async () => {
    const account = await importAccount(t, emulator, SELLER);
    const today = new Date().toISOString().slice(0, 10);
    const dateFrom = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const imported = await endedImport(
      t,
      account.owner.auth,
      await startImport(t, account.owner.auth, '/digitization/financial-report/import', {
        mpAccountId: account.accountId,
        dateFrom,
        dateTo: today,
      }),
    );
    expect(imported.state, JSON.stringify(imported)).toBe('completed');
    const status = await synced(account);
    const listed = await reports(account);
    expect(status.result).toMatchObject({ fetched: 0, reused: listed.length, reconciled: listed.length });
    expect(detailCalls(account)).toEqual([]);
    expect(callsOf(emulator, account.sellerId, 'finance', salesReportsList.path)).toHaveLength(1);
  }, 90_000);

  it('ad spend: a campaign day is split over its cards by their spend that day, the parts adding up to the charge to the kopeck', async () => {
    const account = await importAccount(t, emulator, SELLER);
    expect((await synced(account)).state).toBe('completed');
    expect(callsOf(emulator, account.sellerId, 'advert', adSpendHistory.path).length).toBeGreaterThanOrEqual(3);
    const adRows = () =>
      db
        .select({
          advertId: ledgerTransactions.advertId,
          date: ledgerTransactions.date,
          nmId: ledgerTransactions.nmId,
          amount: ledgerTransactions.amount,
        })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.mpAccountId, account.accountId), eq(ledgerTransactions.source, 'mp_ads')))
        .orderBy(ledgerTransactions.advertId, ledgerTransactions.date, ledgerTransactions.nmId);
    // Without the campaigns' statistics each charge stays one row without a card.
    const lumps = await adRows();
    expect(lumps.length).toBeGreaterThan(0);
    expect(lumps.every((row) => row.nmId === null && Number(row.amount) < 0)).toBe(true);
    const [charge] = lumps;
    // Two cards spent 1 and 2 parts of that day: a third and two thirds, the kopeck left over to the bigger one.
    await db.execute(sql`INSERT INTO ad_product_stats (mp_account_id, advert_id, nm_id, day, views, clicks, spend_kopecks, orders, ordered_kopecks)
      VALUES (${account.accountId}::uuid, ${charge.advertId}, 111, ${charge.date}, 10, 1, 100, 0, 0),
             (${account.accountId}::uuid, ${charge.advertId}, 222, ${charge.date}, 20, 2, 200, 0, 0)`);
    expect((await synced(account)).state).toBe('completed');
    const split = (await adRows()).filter((row) => row.advertId === charge.advertId && row.date === charge.date);
    const kopecks = -Math.round(Number(charge.amount) * 100);
    const third = Math.floor(kopecks / 3);
    expect(split.map((row) => ({ nmId: row.nmId, kopecks: -Math.round(Number(row.amount) * 100) }))).toEqual([
      { nmId: 111, kopecks: third },
      { nmId: 222, kopecks: kopecks - third },
    ]);
    // The other charges are as before: nothing doubled.
    expect((await adRows()).length).toBe(lumps.length + 1);
  }, 90_000);

  it('a Base token: 403 ends the sync as MP_AUTH_FAILED; bad periods are 400 and start nothing', async () => {
    const account = await importAccount(t, emulator, { ...SELLER, tokenType: 'base' });
    const status = await synced(account);
    expect(status).toMatchObject({ state: 'failed', failedReason: expect.stringContaining('только персональный или сервисный токен') });
    for (const payload of [
      { dateFrom: '2026-01-10' },
      { dateFrom: '2026-01-10', dateTo: '2026-01-09' },
      { dateFrom: '2025-01-01', dateTo: '2026-01-10' },
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/accounting/reports/sync',
        headers: account.owner.auth,
        payload: { mpAccountId: account.accountId, ...payload },
      });
      expectErrorEnvelope(response, 400, 'BAD_REQUEST');
    }
  }, 60_000);

  it('a report id of 2^53 + 1 round-trips exactly, its neighbour is 404', async () => {
    const account = await importAccount(t, emulator, SELLER);
    await db.execute(sql`INSERT INTO accounting_reports (mp_account_id, report_id, kind, date_from, date_to, create_date, retail, for_pay,
      logistics, storage, acceptance, deduction, penalty, additional_payment, bank_payment, list_item)
      VALUES (${account.accountId}::uuid, 9007199254740993, 'weekly', '2026-11-02', '2026-11-08', '2026-11-09', 10, 8, 1, 0, 0, 0, 0, 0, 7, '{}')`);
    expect((await reports(account)).map((report) => report.id)).toEqual(['9007199254740993']);
    const one = await t.request({
      method: 'GET',
      url: `/accounting/reports/9007199254740993?mpAccountId=${account.accountId}`,
      headers: account.owner.auth,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: '9007199254740993', totals: { retail: 10, bankPayment: 7 }, lines: [], nms: [], nmsTotal: 0 });
    const neighbour = await t.request({
      method: 'GET',
      url: `/accounting/reports/9007199254740992?mpAccountId=${account.accountId}`,
      headers: account.owner.auth,
    });
    expectErrorEnvelope(neighbour, 404, 'NOT_FOUND');
  });
});
