import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { mpOrders, mpSales, realisationReportRows } from '../src/database/schema';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

const DAY_MS = 86_400_000;
/** Noon UTC (15:00 in Moscow, the same day) of the day `days` days ago. */
const daysAgo = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - days * DAY_MS + DAY_MS / 2);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Report ids above 2^53: JSON.parse of them as numbers would round. */
const BIG_REPORT = '1152921504606846977';
const BIG_ROW = '9007199254740993';

function reportRow(
  accountId: string,
  week: [string, string, string],
  rrdId: string,
  fields: Partial<typeof realisationReportRows.$inferInsert>,
) {
  const [dateFrom, dateTo, reportId] = week;
  return {
    mpAccountId: accountId,
    rrdId: BigInt(rrdId),
    reportId: BigInt(reportId),
    dateFrom,
    dateTo,
    createDate: dateTo,
    reportType: 1,
    nmId: 111,
    docTypeName: 'Продажа',
    sellerOperName: 'Продажа',
    quantity: 1,
    orderDt: null,
    saleDt: null,
    rrDate: dateFrom,
    retailAmount: '0',
    ppvzSalesCommission: '0',
    forPay: '0',
    deliveryService: '0',
    paidStorage: '0',
    penalty: '0',
    deduction: '0',
    srid: `r-${rrdId}`,
    row: { rrdId },
    ...fields,
  };
}

describe('digitization read routes and summaries', () => {
  let t: TestApp;
  let db: Database;
  let owner: TestUser;
  let stranger: TestUser;
  let accountId: string;

  const get = (url: string, user: TestUser = owner) => t.request({ method: 'GET', url, headers: user.auth });
  const items = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { items: Record<string, unknown>[]; meta: Record<string, unknown> };
  };

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Database>(DATABASE);
    owner = await createUser(t);
    stranger = await createUser(t);
    accountId = await createAccount(t, owner.id);
    // The stranger's own account has rows too: they never show in the owner's lists.
    const strangerAccount = await createAccount(t, stranger.id);
    await db.insert(mpOrders).values([
      { ...feedRow(accountId, 'o1', daysAgo(1), 111, '0.10'), totalPrice: '99999999999.99', isCancel: false },
      { ...feedRow(accountId, 'o2', daysAgo(2), 222, '0.20'), isCancel: true, cancelDate: daysAgo(1) },
      { ...feedRow(accountId, 'o3', daysAgo(10), 111, '100.00'), isCancel: false },
      // 21:30 UTC is 00:30 of the next day in Moscow.
      { ...feedRow(accountId, 'o4', new Date('2024-03-10T21:30:00Z'), 333, '5.00'), isCancel: false },
      { ...feedRow(strangerAccount, 'o1', daysAgo(1), 111, '7.00'), isCancel: false },
    ]);
    await db.insert(mpSales).values([
      { ...feedRow(accountId, 's1', daysAgo(1), 111, '0.10'), saleId: 'S1', kind: 'sale', paymentSaleAmount: 0, forPay: '0.07' },
      { ...feedRow(accountId, 's2', daysAgo(3), 222, '0.20'), saleId: 'S2', kind: 'sale', paymentSaleAmount: 0, forPay: '0.15' },
      { ...feedRow(accountId, 's3', daysAgo(4), 111, '0.20'), saleId: 'S3', kind: 'sale', paymentSaleAmount: 0, forPay: '99999999999.99' },
      { ...feedRow(accountId, 'r1', daysAgo(2), 111, '-0.30'), saleId: 'R1', kind: 'return', paymentSaleAmount: 0, forPay: '-0.25' },
      { ...feedRow(accountId, 's4', daysAgo(9), 111, '1.00'), saleId: 'S4', kind: 'sale', paymentSaleAmount: 0, forPay: '0.80' },
    ]);
    const week1: [string, string, string] = ['2024-02-05', '2024-02-11', BIG_REPORT];
    const week2: [string, string, string] = ['2024-02-12', '2024-02-18', '1152921504606846978'];
    const week3: [string, string, string] = ['2024-02-19', '2024-02-25', '1152921504606846979'];
    await db.insert(realisationReportRows).values([
      reportRow(accountId, week1, BIG_ROW, { retailAmount: '0.10', ppvzSalesCommission: '0.02', forPay: '0.08', rrDate: '2024-02-06' }),
      reportRow(accountId, week1, '9007199254740995', {
        nmId: 222,
        retailAmount: '0.20',
        ppvzSalesCommission: '0.04',
        forPay: '0.16',
        rrDate: '2024-02-07',
      }),
      reportRow(accountId, week1, '3', {
        docTypeName: 'Возврат',
        sellerOperName: 'Возврат',
        retailAmount: '0.10',
        ppvzSalesCommission: '0.02',
        forPay: '0.08',
        rrDate: '2024-02-08',
      }),
      reportRow(accountId, week1, '4', { docTypeName: '', sellerOperName: 'Логистика', deliveryService: '50.50', rrDate: '2024-02-08' }),
      reportRow(accountId, week2, '5', {
        nmId: 333,
        retailAmount: '99999999999.99',
        ppvzSalesCommission: '0.01',
        forPay: '99999999999.98',
        penalty: '1.10',
        paidStorage: '2.20',
        deduction: '3.30',
        rrDate: '2024-02-13',
      }),
      reportRow(accountId, week3, '6', { retailAmount: '10.00', forPay: '9.00', rrDate: '2024-02-20' }),
      reportRow(strangerAccount, week1, '7', { retailAmount: '500.00', forPay: '400.00' }),
    ]);
  });
  afterAll(() => t.close());

  describe('GET /digitization/orders', () => {
    it('newest first by default, money exactly as stored, pages with meta', async () => {
      const first = await items(`/digitization/orders?mpAccountId=${accountId}&limit=2`);
      expect(first.items.map((order) => order.srid)).toEqual(['o1', 'o2']);
      expect(first.meta).toEqual({ total: 4, page: 1, limit: 2, totalPages: 2, hasNext: true, hasPrev: false });
      expect(first.items[0]).toMatchObject({
        totalPrice: 99999999999.99,
        priceWithDisc: 0.1,
        nmId: 111,
        isCancel: false,
        cancelDate: null,
      });
      expect(first.items[1]).toMatchObject({ isCancel: true, cancelDate: daysAgo(1).toISOString() });
      const second = await items(`/digitization/orders?mpAccountId=${accountId}&limit=2&page=2`);
      expect(second.items.map((order) => order.srid)).toEqual(['o3', 'o4']);
      expect(second.meta).toMatchObject({ hasNext: false, hasPrev: true });
    });

    it('the answer carries the amounts as written, without float artefacts', async () => {
      const response = await get(`/digitization/orders?mpAccountId=${accountId}&limit=1`);
      expect(response.body).toContain('"totalPrice":99999999999.99');
      expect(response.body).toContain('"priceWithDisc":0.1,');
    });

    it('sorts by a named field, filters by article and by Moscow days (both days included)', async () => {
      const byPrice = await items(`/digitization/orders?mpAccountId=${accountId}&sortBy=priceWithDisc&sortDirection=asc`);
      expect(byPrice.items.map((order) => order.priceWithDisc)).toEqual([0.1, 0.2, 5, 100]);
      const article = await items(`/digitization/orders?mpAccountId=${accountId}&nmId=111`);
      expect(article.items.map((order) => order.srid)).toEqual(['o1', 'o3']);
      const moscowDay = await items(`/digitization/orders?mpAccountId=${accountId}&from=2024-03-11&to=2024-03-11`);
      expect(moscowDay.items.map((order) => order.srid)).toEqual(['o4']);
      expect((await items(`/digitization/orders?mpAccountId=${accountId}&to=2024-03-10`)).items).toEqual([]);
      const recent = await items(`/digitization/orders?mpAccountId=${accountId}&from=${dayOf(daysAgo(2))}&to=${dayOf(daysAgo(1))}`);
      expect(recent.items.map((order) => order.srid)).toEqual(['o1', 'o2']);
    });

    it('refuses a sort field it does not offer and a date that is not a day', async () => {
      const bad = expectErrorEnvelope(
        await get(`/digitization/orders?mpAccountId=${accountId}&sortBy=srid&from=2024-02-30`),
        400,
        'VALIDATION_FAILED',
      );
      expect(fieldErrors(bad.details)).toEqual({ sortBy: ['isIn'], from: ['isISO8601'] });
    });
  });

  describe('GET /digitization/sales', () => {
    it('sales and returns from one feed, kept apart by kind', async () => {
      const all = await items(`/digitization/sales?mpAccountId=${accountId}`);
      expect(all.items.map((sale) => sale.saleId)).toEqual(['S1', 'R1', 'S2', 'S3', 'S4']);
      const returns = await items(`/digitization/sales?mpAccountId=${accountId}&kind=return`);
      expect(returns.items).toEqual([expect.objectContaining({ saleId: 'R1', kind: 'return', priceWithDisc: -0.3, forPay: -0.25 })]);
      const sales = await items(`/digitization/sales?mpAccountId=${accountId}&kind=sale&sortBy=forPay&sortDirection=desc&limit=2`);
      expect(sales.items.map((sale) => [sale.saleId, sale.forPay])).toEqual([
        ['S3', 99999999999.99],
        ['S4', 0.8],
      ]);
      expect(sales.meta).toMatchObject({ total: 4, totalPages: 2 });
      const filtered = await items(`/digitization/sales?mpAccountId=${accountId}&kind=sale&nmId=222&from=${dayOf(daysAgo(3))}`);
      expect(filtered.items.map((sale) => sale.saleId)).toEqual(['S2']);
    });

    it('an unknown kind is VALIDATION_FAILED', async () => {
      const bad = expectErrorEnvelope(await get(`/digitization/sales?mpAccountId=${accountId}&kind=refund`), 400, 'VALIDATION_FAILED');
      expect(fieldErrors(bad.details)).toEqual({ kind: ['isIn'] });
    });
  });

  describe('GET /digitization/financial-report', () => {
    it('rows by operation day, ids above 2^53 as exact strings, money as numbers', async () => {
      const week = await items(
        `/digitization/financial-report?mpAccountId=${accountId}&from=2024-02-05&to=2024-02-11&sortBy=rrdId&sortDirection=asc`,
      );
      expect(week.items.map((row) => row.rrdId)).toEqual(['3', '4', BIG_ROW, '9007199254740995']);
      expect(week.items[2]).toMatchObject({ reportId: BIG_REPORT, dateFrom: '2024-02-05', dateTo: '2024-02-11', forPay: 0.08 });
      const response = await get(`/digitization/financial-report?mpAccountId=${accountId}&nmId=333`);
      expect(response.body).toContain('"retailAmount":99999999999.99');
      expect(response.body).toContain('"reportId":"1152921504606846978"');
    });

    it('newest operation day first by default; sorts by an amount; filters by article', async () => {
      const all = await items(`/digitization/financial-report?mpAccountId=${accountId}`);
      expect(all.items.map((row) => row.rrDate)).toEqual([
        '2024-02-20',
        '2024-02-13',
        '2024-02-08',
        '2024-02-08',
        '2024-02-07',
        '2024-02-06',
      ]);
      const byForPay = await items(`/digitization/financial-report?mpAccountId=${accountId}&sortBy=forPay&sortDirection=desc&limit=2`);
      expect(byForPay.items.map((row) => row.forPay)).toEqual([99999999999.98, 9]);
      const article = await items(`/digitization/financial-report?mpAccountId=${accountId}&nmId=222`);
      expect(article.items.map((row) => row.rrdId)).toEqual(['9007199254740995']);
    });
  });

  describe('GET /digitization/summary', () => {
    it('7d: counts and sums of the window (0.1 + 0.2 is 0.3), each with its delta to the 7 days before', async () => {
      const response = await get(`/digitization/summary?mpAccountId=${accountId}&period=7d`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        period: '7d',
        currency: 'RUB',
        updatedAt: expect.any(String),
        orders: 2,
        ordersDelta: 100,
        ordersSum: 0.3,
        ordersSumDelta: -99.7,
        sales: 3,
        salesDelta: 200,
        salesSum: 0.5,
        salesSumDelta: -50,
        returns: 1,
        returnsDelta: null,
        returnsSum: 0.3,
        returnsSumDelta: null,
        cancellations: 1,
        cancellationsDelta: null,
        buyoutPct: 75,
        buyoutPctDelta: -25,
      });
    });

    it('every delta is null while the imported span starts inside the previous window (part of it imported)', async () => {
      const fresh = await createAccount(t, owner.id, 'Недавний импорт');
      const order = (srid: string, days: number) => ({ ...feedRow(fresh, srid, daysAgo(days), 1, '10.00'), isCancel: false });
      await t.app
        .get<Database>(DATABASE)
        .insert(mpOrders)
        .values([order('f1', 1), order('f2', 9)]);
      const response = await get(`/digitization/summary?mpAccountId=${fresh}&period=7d`);
      expect(response.json()).toMatchObject({ orders: 1, ordersDelta: null, ordersSum: 10, ordersSumDelta: null, salesDelta: null });
      await t.app.get<Database>(DATABASE).insert(mpOrders).values(order('f3', 14));
      expect((await get(`/digitization/summary?mpAccountId=${fresh}&period=7d`)).json()).toMatchObject({ orders: 1, ordersDelta: 0 });
    });

    it('30d by default; an account without rows has zero counts and no buyout', async () => {
      expect((await get(`/digitization/summary?mpAccountId=${accountId}`)).json()).toMatchObject({
        period: '30d',
        orders: 3,
        ordersSum: 100.3,
        sales: 4,
        buyoutPct: 80,
      });
      const empty = await createAccount(t, owner.id, 'Пустой кабинет');
      expect((await get(`/digitization/summary?mpAccountId=${empty}&period=7d`)).json()).toMatchObject({
        orders: 0,
        ordersSum: 0,
        buyoutPct: null,
        buyoutPctDelta: null,
      });
    });
  });

  describe('GET /digitization/financial-report/summary', () => {
    it('totals and each report week of the reports starting in the period, sales minus returns, exact to the kopeck', async () => {
      const response = await get(`/digitization/financial-report/summary?mpAccountId=${accountId}&dateFrom=2024-02-05&dateTo=2024-02-18`);
      expect(response.statusCode, response.body).toBe(200);
      const week1 = { revenue: 0.2, commission: 0.04, logistics: 50.5, storage: 0, penalties: 0, deductions: 0, payout: 0.16, rows: 4 };
      const week2 = {
        revenue: 99999999999.99,
        commission: 0.01,
        logistics: 0,
        storage: 2.2,
        penalties: 1.1,
        deductions: 3.3,
        payout: 99999999999.98,
        rows: 1,
      };
      expect(response.json()).toEqual({
        dateFrom: '2024-02-05',
        dateTo: '2024-02-18',
        currency: 'RUB',
        updatedAt: expect.any(String),
        total: {
          revenue: 100000000000.19,
          commission: 0.05,
          logistics: 50.5,
          storage: 2.2,
          penalties: 1.1,
          deductions: 3.3,
          payout: 100000000000.14,
          rows: 5,
        },
        weeks: [
          { reportDateFrom: '2024-02-05', reportDateTo: '2024-02-11', ...week1 },
          { reportDateFrom: '2024-02-12', reportDateTo: '2024-02-18', ...week2 },
        ],
      });
    });

    it('a period without reports answers zeros and no weeks; an end before the start is BAD_REQUEST', async () => {
      expect(
        (await get(`/digitization/financial-report/summary?mpAccountId=${accountId}&dateFrom=2025-01-01&dateTo=2025-01-31`)).json(),
      ).toMatchObject({
        total: { revenue: 0, payout: 0, rows: 0 },
        weeks: [],
      });
      const bad = expectErrorEnvelope(
        await get(`/digitization/financial-report/summary?mpAccountId=${accountId}&dateFrom=2024-02-18&dateTo=2024-02-05`),
        400,
        'BAD_REQUEST',
      );
      expect(bad.message).toBe('Дата окончания периода раньше даты начала');
    });
  });

  it.each([
    '/digitization/orders',
    '/digitization/sales',
    '/digitization/financial-report',
    '/digitization/summary',
    '/digitization/financial-report/summary',
  ])('%s: another seller asking for the account gets 404, as for a missing one', async (path) => {
    const query = path.endsWith('financial-report/summary') ? '&dateFrom=2024-02-05&dateTo=2024-02-18' : '';
    const response = await get(`${path}?mpAccountId=${accountId}${query}`, stranger);
    expectErrorEnvelope(response, 404, 'NOT_FOUND');
  });
});
