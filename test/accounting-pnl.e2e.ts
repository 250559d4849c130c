import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { DATABASE, Database } from '../src/database/database.tokens';
import { expectErrorEnvelope } from './support/envelope';
import { connectedSince, createAccount, createUser, grantedBrand, TestUser } from './support/identity';
import { insertProducts } from './support/pricing-catalog';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let owner: TestUser;
let stranger: TestUser;
let manager: TestUser;
let accountId: string;
let summaryAccountId: string;

/** A: two sales and a return across a cost change; B: one sale; C: costs, no sales; D: a sale without a cost price. */
const [NM_A, NM_B, NM_C, NM_D] = [9101, 9102, 9103, 9104];
const WEEK = 'dateFrom=2026-11-02&dateTo=2026-11-08';

const get = (url: string, user: TestUser = owner) => t.request({ method: 'GET', url, headers: user.auth });
const pnl = (query: string, user: TestUser = owner) => get(`/accounting/reports/pnl?mpAccountId=${accountId}&${WEEK}&${query}`, user);
const trace = (query: string, user: TestUser = owner) =>
  get(`/accounting/reports/pnl/trace?mpAccountId=${accountId}&${WEEK}&limit=100&${query}`, user);

type Row = [date: string, type: string, amount: string, nmId: number | null, quantity?: number, source?: string];

async function insertLedger(account: string, rows: Row[], deleted = false): Promise<void> {
  for (const [date, type, amount, nmId, quantity = 0, source = 'mp_report'] of rows)
    await db.execute(sql`INSERT INTO ledger_transactions (mp_account_id, date, amount, type, source, nm_id, quantity, deleted_at)
      VALUES (${account}::uuid, ${date}::date, ${amount}::numeric, ${type}, ${source}, ${nmId}, ${quantity}, ${deleted ? sql`now()` : sql`NULL`})`);
}

async function setTax(account: string, regime: string, rate: string): Promise<void> {
  await db.execute(sql`INSERT INTO accounting_settings (mp_account_id, tax_regime, tax_rate_pct) VALUES (${account}::uuid, ${regime}, ${rate}::numeric)
    ON CONFLICT (mp_account_id) DO UPDATE SET tax_regime = EXCLUDED.tax_regime, tax_rate_pct = EXCLUDED.tax_rate_pct`);
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get<Database>(DATABASE);
  [owner, stranger, manager] = await Promise.all([createUser(t), createUser(t), createUser(t, 'manager')]);
  const admin = await createUser(t, 'admin');
  accountId = await createAccount(t, owner.id);
  await insertProducts(db, accountId, [NM_A, NM_B, NM_C, NM_D]);
  await grantedBrand(t, admin, manager, accountId, [NM_B]);
  await db.execute(sql`INSERT INTO product_costs (mp_account_id, nm_id, cost_price, valid_from) VALUES
    (${accountId}::uuid, ${NM_A}, 100.00, '2026-10-01'), (${accountId}::uuid, ${NM_A}, 120.00, '2026-11-05'),
    (${accountId}::uuid, ${NM_B}, 50.00, '2026-10-01'), (${accountId}::uuid, ${NM_C}, 30.00, '2026-10-01')`);
  await setTax(accountId, 'usn_income', '6');
  await insertLedger(accountId, [
    ['2026-11-02', 'sale', '1000.00', NM_A, 2],
    ['2026-11-06', 'sale', '1500.00', NM_A, 3],
    ['2026-11-07', 'return', '-500.00', NM_A, -1],
    ['2026-11-02', 'commission', '-150.00', NM_A],
    ['2026-11-02', 'logistics', '-80.50', NM_A],
    ['2026-11-02', 'acquiring', '-25.00', NM_A],
    ['2026-11-03', 'penalty', '-10.00', NM_A],
    ['2026-11-03', 'deduction', '-5.00', NM_A],
    ['2026-11-04', 'compensation', '20.00', NM_A],
    ['2026-11-03', 'advertising', '-100.00', NM_A, 0, 'mp_ads'],
    ['2026-11-03', 'sale', '700.00', NM_B, 1],
    ['2026-11-05', 'sale', '300.00', NM_D, 1],
    ['2026-11-04', 'logistics', '-60.00', NM_C],
    // Lumps without a SKU: storage 200.01, acceptance 33.33, manual advertising 70.00; a penalty that stays the account's.
    ['2026-11-02', 'storage', '-100.00', null],
    ['2026-11-05', 'storage', '-100.01', null],
    ['2026-11-03', 'acceptance', '-33.33', null],
    ['2026-11-06', 'advertising', '-70.00', null, 0, 'manual'],
    ['2026-11-04', 'penalty', '-50.00', null],
    // Neither a payout nor a row outside the week is a P&L figure.
    ['2026-11-08', 'payout', '-2000.00', null],
    ['2026-11-09', 'sale', '999.00', NM_A, 1],
  ]);
  await insertLedger(accountId, [['2026-11-04', 'packaging', '-999.00', NM_A, 0, 'manual']], true);
});

afterAll(() => t.close());

/*
 * Units sold in the week: A 5, B 1, D 1 (7). Lumps split by units, largest remainder:
 *   storage 20001 kop: A 100005/7 = 14286 r3, B 20001/7 = 2857 r2, D 2857 r2; Σ 20000, the kopeck left to A → 142.87 / 28.57 / 28.57.
 *   acceptance 3333 kop: A 16665/7 = 2380 r5, B 476 r1, D 476 r1; Σ 3332, the kopeck to A → 23.81 / 4.76 / 4.76.
 *   advertising lump 7000 kop: A 5000, B 1000, D 1000 exactly.
 * A: revenue 2500.00, returns 500.00, cogs 2×100 + 3×120 − 1×120 (cost 120 from Thursday 2026-11-05) = 440.00,
 *   commission 150.00, logistics 80.50, storage 142.87, acceptance 23.81, penalties 10 + 5 = 15.00, acquiring 25.00,
 *   otherMp −20.00 (a compensation is money in); operating 2500 − 500 − 440 − 150 − 80.50 − 142.87 − 23.81 − 15 − 25 + 20 = 1142.82;
 *   advertising 100 + 50 = 150.00; tax usn_income 6 % × (2500 − 500) = 120.00; net 1142.82 − 150 − 120 = 872.82;
 *   margin 872.82 / 2000 = 43.64 %, ROI 872.82 / 440 = 198.37 %, coverage 5 / 5 = 100 %.
 * Totals: revenue 3500, returns 500, cogs 440 + 50 = 490, commission 150, logistics 80.50 + 60 = 140.50, storage 200.01,
 *   acceptance 33.33, penalties 15 + 50 = 65, acquiring 25, otherMp −20; operating 1916.16; advertising 170; tax 6 % × 3000 = 180
 *   (rows: 120 + 42 + 18 + 0 = 180); net 1566.16; margin 1566.16 / 3000 = 52.21 %, ROI 1566.16 / 490 = 319.62 %, coverage 6 / 7 = 85.71 %.
 */
const ROW_A = {
  key: String(NM_A),
  revenue: 2500,
  returns: 500,
  cogs: 440,
  commission: 150,
  logistics: 80.5,
  storage: 142.87,
  acceptance: 23.81,
  penalties: 15,
  acquiring: 25,
  otherMp: -20,
  advertising: 150,
  tax: 120,
  operatingProfit: 1142.82,
  netProfit: 872.82,
  marginPct: 43.64,
  roiPct: 198.37,
  costCoveragePct: 100,
};
const TOTALS = {
  revenue: 3500,
  returns: 500,
  cogs: 490,
  commission: 150,
  logistics: 140.5,
  storage: 200.01,
  acceptance: 33.33,
  penalties: 65,
  acquiring: 25,
  otherMp: -20,
  advertising: 170,
  tax: 180,
  operatingProfit: 1916.16,
  netProfit: 1566.16,
  marginPct: 52.21,
  roiPct: 319.62,
  costCoveragePct: 85.71,
};

describe('the P&L', () => {
  it('by SKU: the golden week to the kopeck, sorted by revenue, SKUs with costs and no sales present, totals over all', async () => {
    const response = await pnl('groupBy=nm');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.items[0]).toEqual(ROW_A);
    expect(body.items.map((row: { key: string }) => row.key)).toEqual([NM_A, NM_B, NM_D, NM_C].map(String));
    // B: 700 − 50 − 28.57 − 4.76 = 616.67; tax 42; net 616.67 − 10 − 42 = 564.67. D has no cost price: coverage 0, ROI null.
    expect(body.items[1]).toMatchObject({ cogs: 50, storage: 28.57, acceptance: 4.76, advertising: 10, tax: 42, netProfit: 564.67 });
    expect(body.items[2]).toMatchObject({ revenue: 300, cogs: 0, storage: 28.57, netProfit: 238.67, roiPct: null, costCoveragePct: 0 });
    expect(body.items[3]).toMatchObject({ revenue: 0, logistics: 60, netProfit: -60, marginPct: null, costCoveragePct: null });
    expect(body.unallocated).toMatchObject({ penalties: 50, storage: 0, acceptance: 0, advertising: 0, operatingProfit: -50, tax: 0 });
    expect(body.totals).toEqual(TOTALS);
    expect(body.taxDifference).toBe(0);
    expect(body.meta).toMatchObject({ total: 4, page: 1 });
    // The split parts add up to the lumps exactly.
    const sum = (field: 'storage' | 'acceptance') =>
      body.items.reduce((kopecks: number, row: Record<string, number>) => kopecks + Math.round(row[field] * 100), 0);
    expect([sum('storage'), sum('acceptance')]).toEqual([20001, 3333]);
    const second = (await pnl('groupBy=nm&limit=1&page=2')).json();
    expect(second.items.map((row: { key: string }) => row.key)).toEqual([String(NM_B)]);
    expect(second.totals).toEqual(TOTALS);
  });

  it('by day, week and month: the same totals, lumps on their own days, keys as documented', async () => {
    const days = (await pnl('groupBy=day')).json();
    expect(days.items.map((row: { key: string }) => row.key)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    // Monday: A's sale of 2 units at the cost price of before Thursday, and the first storage lump unsplit.
    expect(days.items[0]).toMatchObject({ revenue: 1000, cogs: 200, storage: 100, commission: 150, logistics: 80.5, acquiring: 25 });
    // Friday: 3 units at Thursday's cost price.
    expect(days.items[4]).toMatchObject({ revenue: 1500, cogs: 360, advertising: 70 });
    expect(days.totals).toEqual(TOTALS);
    expect(days.unallocated).toBeNull();
    const weeks = (await pnl('groupBy=week')).json();
    expect(weeks.items).toEqual([{ key: '2026-11-02', ...TOTALS }]);
    expect((await pnl('groupBy=month')).json().items).toEqual([{ key: '2026-11', ...TOTALS }]);
    const brands = (await pnl('groupBy=brand')).json();
    expect(brands.items).toMatchObject([{ key: 'Бренд', penalties: 15, operatingProfit: 1966.16 }]);
  });

  it('the tax follows the regime: usn_income on revenue − returns, usn_income_expense on operating profit − advertising', async () => {
    await setTax(accountId, 'usn_income_expense', '6');
    try {
      const body = (await pnl('groupBy=nm')).json();
      // 6 % × (1916.16 − 170) = 104.7696 → 104.77; A: 6 % × (1142.82 − 150) = 59.5692 → 59.57; C and the unallocated: base below 0 → 0.
      expect(body.totals.tax).toBe(104.77);
      expect(body.items[0].tax).toBe(59.57);
      // B: 6 % × 606.67 = 36.40; D: 6 % × 256.67 = 15.40; rows 59.57 + 36.40 + 15.40 = 111.37.
      expect(body.taxDifference).toBe(-6.6);
    } finally {
      await setTax(accountId, 'usn_income', '6');
    }
  });

  it('every figure traces to its ledger rows, the contributions adding up to the figure to the kopeck', async () => {
    const storage = (await trace(`groupBy=nm&key=${NM_A}&field=storage`)).json();
    // A's share of each storage lump by the running total: ⌊10000·5/7⌋ = 7142, then ⌊20001·5/7⌋ − 7142 = 7144 + the kopeck left.
    expect(storage.items.map((row: Record<string, unknown>) => [row.date, row.amount, row.contribution, row.split])).toEqual([
      ['2026-11-02', -100, 71.42, true],
      ['2026-11-05', -100.01, 71.45, true],
    ]);
    expect(storage.figure).toBe(ROW_A.storage);
    const cogs = (await trace(`groupBy=nm&key=${NM_A}&field=cogs`)).json();
    expect(
      cogs.items.map((row: Record<string, unknown>) => [row.date, row.quantity, row.costPrice, row.costValidFrom, row.contribution]),
    ).toEqual([
      ['2026-11-02', 2, 100, '2026-10-01', 200],
      ['2026-11-06', 3, 120, '2026-11-05', 360],
      ['2026-11-07', -1, 120, '2026-11-05', -120],
    ]);
    expect(cogs.figure).toBe(ROW_A.cogs);
    for (const [query, figure] of [
      [`groupBy=nm&key=${NM_A}&field=advertising`, 150],
      [`groupBy=nm&key=${NM_A}&field=penalties`, 15],
      ['groupBy=week&key=2026-11-02&field=storage', 200.01],
      ['groupBy=day&key=2026-11-05&field=cogs', 0],
      ['groupBy=month&key=2026-11&field=otherMp', -20],
      ['groupBy=brand&key=Бренд&field=acceptance', 33.33],
    ] as const) {
      const body = (await trace(encodeURI(query))).json();
      const kopecks = body.items.reduce((sum: number, row: { contribution: number }) => sum + Math.round(row.contribution * 100), 0);
      expect([query, body.figure, kopecks]).toEqual([query, figure, Math.round(figure * 100)]);
    }
    expectErrorEnvelope(await trace('groupBy=week&key=2026-11-03&field=storage'), 400, 'BAD_REQUEST');
    expectErrorEnvelope(await trace('groupBy=nm&key=abc&field=storage'), 400, 'BAD_REQUEST');
    expectErrorEnvelope(await trace(`groupBy=nm&key=${NM_A}&field=netProfit`), 400, 'VALIDATION_FAILED');
  });

  it('a manager sees only the SKUs of their brands with their lump shares, nothing of the others', async () => {
    const nm = (await pnl('groupBy=nm', manager)).json();
    expect(nm.items.map((row: { key: string }) => row.key)).toEqual([String(NM_B)]);
    expect(nm.unallocated).toBeNull();
    expect(nm.totals).toMatchObject({ revenue: 700, storage: 28.57, acceptance: 4.76, advertising: 10, netProfit: 564.67 });
    const days = (await pnl('groupBy=day', manager)).json();
    expect(days.totals).toEqual(nm.totals);
    // B's storage share by the running total: ⌊10000/7⌋ = 1428 on Monday, ⌊20001/7⌋ − 1428 = 1429 on Thursday.
    expect(days.items.map((row: { key: string; storage: number }) => [row.key, row.storage])).toEqual([
      ['2026-11-02', 14.28],
      ['2026-11-03', 0],
      ['2026-11-05', 14.29],
      ['2026-11-06', 0],
    ]);
    const hidden = (await trace(`groupBy=nm&key=${NM_A}&field=revenue`, manager)).json();
    expect([hidden.items, hidden.figure]).toEqual([[], 0]);
    expect((await trace('groupBy=day&key=2026-11-02&field=storage', manager)).json().figure).toBe(14.28);
  });

  it('by SKU over whole weeks and the days around them: each change of a ledger row or a cost price shows in the next P&L', async () => {
    const account = await createAccount(t, owner.id);
    const NM_E = 9105;
    await insertProducts(db, account, [NM_E]);
    await db.execute(
      sql`INSERT INTO product_costs (mp_account_id, nm_id, cost_price, valid_from) VALUES (${account}::uuid, ${NM_E}, 100.00, '2026-10-01')`,
    );
    // 8th to 24th: Sunday 8th and Monday 23rd–Tuesday 24th from the ledger around the summed weeks of the 9th and the 16th.
    await insertLedger(account, [
      ['2026-11-08', 'sale', '300.00', NM_E, 1],
      ['2026-11-10', 'sale', '1000.00', NM_E, 2],
      ['2026-11-16', 'sale', '500.00', NM_E, 1],
      ['2026-11-24', 'sale', '200.00', NM_E, 1],
      ['2026-11-11', 'storage', '-30.03', null],
      ['2026-11-09', 'sale', '70.00', NM_E, 1],
      ['2026-11-22', 'logistics', '-12.34', NM_E],
    ]);
    const bySku = async (dateFrom = '2026-11-08', dateTo = '2026-11-24') => {
      const period = `mpAccountId=${account}&dateFrom=${dateFrom}&dateTo=${dateTo}`;
      const body = (await get(`/accounting/reports/pnl?${period}&groupBy=nm`)).json();
      // The days' P&L reads every ledger row as it is: the same totals.
      expect((await get(`/accounting/reports/pnl?${period}&groupBy=day`)).json().totals).toEqual(body.totals);
      return body.items[0];
    };
    expect(await bySku()).toMatchObject({ key: String(NM_E), revenue: 2070, cogs: 600, storage: 30.03, logistics: 12.34, otherMp: 0 });
    // Tuesday 10th to Saturday 21st: both weeks summed, less Monday 9th and Sunday 22nd.
    expect(await bySku('2026-11-10', '2026-11-21')).toMatchObject({ revenue: 1500, cogs: 300, storage: 30.03, logistics: 0 });

    const created = await t.request({
      method: 'POST',
      url: '/accounting/transactions',
      headers: owner.auth,
      payload: { mpAccountId: account, date: '2026-11-11', amount: -40, type: 'packaging', nmId: NM_E },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await bySku()).toMatchObject({ otherMp: 40 });
    const path = `/accounting/transactions/${created.json().id}`;
    const changed = await t.request({ method: 'PATCH', url: path, headers: owner.auth, payload: { amount: -60.5 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await bySku()).toMatchObject({ otherMp: 60.5 });
    expect((await t.request({ method: 'DELETE', url: path, headers: owner.auth })).statusCode).toBe(204);
    expect(await bySku()).toMatchObject({ otherMp: 0 });

    // From Thursday 12th a unit costs 150: the sales of the 16th and the 24th, not those before.
    const cost = await t.request({
      method: 'PUT',
      url: `/catalog/products/${NM_E}/cost`,
      headers: owner.auth,
      payload: { mpAccountId: account, costPrice: 150, validFrom: '2026-11-12' },
    });
    expect(cost.statusCode, cost.body).toBe(200);
    expect(await bySku()).toMatchObject({ revenue: 2070, cogs: 700 });
    expect(await bySku('2026-11-10', '2026-11-21')).toMatchObject({ cogs: 350 });
    await db.execute(sql`DELETE FROM product_costs WHERE mp_account_id = ${account}::uuid AND valid_from = '2026-11-12'`);
    expect(await bySku()).toMatchObject({ cogs: 600 });

    // An account removed for good takes its ledger and its sums along.
    await db.execute(sql`DELETE FROM mp_accounts WHERE id = ${account}::uuid`);
    const { rows } = await db.execute<{ n: number }>(sql`SELECT
      (SELECT count(*) FROM pnl_sku_weeks WHERE mp_account_id = ${account}::uuid) + (SELECT count(*) FROM pnl_stale_weeks WHERE mp_account_id = ${account}::uuid) AS n`);
    expect(Number(rows[0].n)).toBe(0);
  });

  it('bad periods and foreign accounts', async () => {
    expectErrorEnvelope(
      await get(`/accounting/reports/pnl?mpAccountId=${accountId}&dateFrom=2026-11-08&dateTo=2026-11-02`),
      400,
      'BAD_REQUEST',
    );
    expectErrorEnvelope(
      await get(`/accounting/reports/pnl?mpAccountId=${accountId}&dateFrom=2025-01-01&dateTo=2026-11-02`),
      400,
      'BAD_REQUEST',
    );
    expectErrorEnvelope(await pnl('groupBy=year'), 400, 'VALIDATION_FAILED');
    expectErrorEnvelope(await pnl('groupBy=nm', stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await trace(`groupBy=nm&key=${NM_A}&field=revenue`, stranger), 404, 'NOT_FOUND');
    expectErrorEnvelope(await get(`/accounting/reports/summary?mpAccountId=${accountId}`, stranger), 404, 'NOT_FOUND');
  });
});

describe('the financial summary', () => {
  beforeAll(async () => {
    summaryAccountId = await createAccount(t, owner.id, 'Сводка');
    await connectedSince(t, summaryAccountId, new Date(Date.now() - 60 * 86_400_000));
    const today = new Date().toISOString().slice(0, 10);
    const [yesterday, lastWeek] = [shiftDay(today, -1), shiftDay(today, -9)];
    await insertLedger(summaryAccountId, [
      [yesterday, 'sale', '1000.00', NM_A, 1],
      [yesterday, 'commission', '-100.00', NM_A],
      [yesterday, 'payout', '-300.00', null],
      [lastWeek, 'sale', '500.00', NM_A, 1],
      [lastWeek, 'commission', '-100.00', NM_A],
    ]);
    await db.execute(
      sql`INSERT INTO product_costs (mp_account_id, nm_id, cost_price, valid_from) VALUES (${summaryAccountId}::uuid, ${NM_A}, 200, '2020-01-01')`,
    );
    const report = (id: number, from: string, to: string, forPay: string, state: string) => sql`(${summaryAccountId}::uuid, ${id}, 'daily',
      ${from}::date, ${to}::date, ${to}::date, 0, ${forPay}::numeric, 0, 0, 0, 0, 0, 0, 0, '{}'::jsonb, ${state})`;
    await db.execute(sql`INSERT INTO accounting_reports (mp_account_id, report_id, kind, date_from, date_to, create_date, retail, for_pay,
      logistics, storage, acceptance, deduction, penalty, additional_payment, bank_payment, list_item, state) VALUES
      ${report(1, yesterday, yesterday, '812.00', 'mismatch')}, ${report(2, lastWeek, lastWeek, '400.00', 'reconciled')}`);
    await db.execute(
      sql`INSERT INTO accounting_balances (mp_account_id, currency, current, for_withdraw) VALUES (${summaryAccountId}::uuid, 'RUB', 1234.56, 1000)`,
    );
  });

  it('the window’s P&L totals, payouts, reports and balance, each money figure with its delta', async () => {
    const response = await get(`/accounting/reports/summary?mpAccountId=${summaryAccountId}&period=7d`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // Now: 1000 − 200 − 100 = 700 net; before: 500 − 200 − 100 = 200 net (+250 %).
    expect(body).toMatchObject({
      period: '7d',
      currency: 'RUB',
      revenue: 1000,
      revenueDelta: 100,
      forPay: 812,
      forPayDelta: 103,
      cogs: 200,
      cogsDelta: 0,
      tax: 0,
      taxDelta: null,
      netProfit: 700,
      netProfitDelta: 250,
      marginPct: 70,
      roiPct: 350,
      payout: 300,
      payoutDelta: null,
      balance: 1234.56,
      unreconciledReports: 1,
      costCoveragePct: 100,
    });
    expect(body.marketplaceCosts).toMatchObject({ commission: 100, commissionDelta: 0, storage: 0, storageDelta: null });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expectErrorEnvelope(await get(`/accounting/reports/summary?mpAccountId=${summaryAccountId}`, manager), 404, 'NOT_FOUND');
  });
});
