import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { amountOfKopecks, kopecksOf } from '../src/generator/kopecks';
import { DAY_MS, moscowDate } from '../src/moscow-time';
import { AUGUST_SNAPSHOT, describeErrors, OPENAPI_DIR, openApiAvailable, OpenApiContract } from './openapi-contract';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

const LIST = '/api/finance/v1/sales-reports/list';
const BY_ID = '/api/finance/v1/sales-reports/detailed/{reportId}';
const BY_PERIOD = '/api/finance/v1/sales-reports/detailed';
const ACQUIRING_LIST = '/api/finance/v1/acquiring/list';
const ACQUIRING_BY_ID = '/api/finance/v1/acquiring/detailed/{reportId}';
const BALANCE = '/api/v1/account/balance';
const UPD = '/adv/v1/upd';

type Row = Record<string, any>;

if (!openApiAvailable) console.log(`Finance reports tests skipped: the marketplace OpenAPI files are not at ${OPENAPI_DIR}.`);

describe.skipIf(!openApiAvailable)('finance reports, acquiring, balance and ad spend', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;
  let finances: OpenApiContract;
  let financesAug: OpenApiContract;
  let promotion: OpenApiContract;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 31, cards: 60, ordersPerDay: 12, orderDays: 40, reportCosts: true, campaigns: 6 });
    finances = new OpenApiContract('13-finances.yaml');
    financesAug = new OpenApiContract('financial-reports-and-accounting.json', AUGUST_SNAPSHOT);
    promotion = new OpenApiContract('08-promotion.yaml');
  });
  afterAll(() => emulator.close());

  const day = (offset: number) => moscowDate(Date.now() + offset * DAY_MS);
  const post = (who: EmulatorSeller, path: string, body: unknown) => call(emulator, who.token, 'finance', path, { method: 'POST', body });
  const list = (body: Record<string, unknown>, who = seller) => post(who, LIST, { dateFrom: day(-60), dateTo: day(0), ...body });

  /** Every row of a report by id, paged by rrdId until 204. */
  async function rowsOf(reportId: string, who = seller, path = BY_ID, limit = 40): Promise<Row[]> {
    const rows: Row[] = [];
    for (let rrdId = 0; ; rrdId = rows[rows.length - 1].rrdId) {
      const page = await post(who, path.replace('{reportId}', reportId), { limit, rrdId });
      if (page.status === 204) return rows;
      expect(page.status).toBe(200);
      rows.push(...(page.json as unknown as Row[]));
    }
  }

  /** The list totals the rows add up to, in kopecks (the generator's formula, written out again). */
  function totalsOf(rows: Row[]): Record<string, string> {
    const sum = (field: string, signed = false) =>
      rows.reduce((total, row) => total + (signed && row.docTypeName === 'Возврат' ? -1 : 1) * kopecksOf(row[field]), 0);
    const sums = {
      retailAmountSum: sum('retailAmount', true),
      forPaySum: sum('forPay', true),
      deliveryServiceSum: sum('deliveryService'),
      paidStorageSum: sum('paidStorage'),
      paidAcceptanceSum: sum('paidAcceptance'),
      deductionSum: sum('deduction'),
      penaltySum: sum('penalty'),
      additionalPaymentSum: sum('additionalPayment'),
      cashbackAmountSum: sum('cashbackAmount'),
      cashbackDiscountSum: sum('cashbackDiscount'),
      cashbackCommissionChangeSum: sum('cashbackCommissionChange'),
    };
    const bank =
      sums.forPaySum -
      sums.deliveryServiceSum -
      sums.paidStorageSum -
      sums.paidAcceptanceSum -
      sums.deductionSum -
      sums.penaltySum +
      sums.additionalPaymentSum;
    return Object.fromEntries(Object.entries({ ...sums, bankPaymentSum: bank }).map(([key, value]) => [key, amountOfKopecks(value)]));
  }

  const totalFields = (item: Row) =>
    Object.fromEntries(Object.entries(item).filter(([key]) => key.endsWith('Sum') && key !== 'avgSalePercent'));

  it('lists formed weekly reports whose totals are the sums of their rows to the kopeck, rows as the by-period call gives them', async () => {
    const answer = await list({});
    expect(answer.status).toBe(200);
    const items = answer.json as unknown as Row[];
    expect(finances.response(LIST, 'post', '200')(items), describeErrors(finances.response(LIST, 'post', '200'))).toBe(true);
    const component = financesAug.arrayResponse(LIST, 'post', '200', 'SalesReportListRes');
    expect(component(items), describeErrors(component)).toBe(true);
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.every((item) => item.createDate <= day(0) && item.dateTo < day(0))).toBe(true);
    const operations = new Set<string>();
    for (const item of items) {
      const rows = await rowsOf(String(item.reportId));
      const validate = finances.response(BY_ID, 'post', '200');
      expect(validate(rows), describeErrors(validate)).toBe(true);
      expect(rows.every((row) => row.reportId === item.reportId)).toBe(true);
      expect(totalFields(item)).toEqual(totalsOf(rows));
      const byPeriod = await post(seller, BY_PERIOD, { dateFrom: item.dateFrom, dateTo: item.dateTo });
      expect(byPeriod.json).toEqual(rows);
      for (const row of rows) operations.add(row.sellerOperName);
    }
    expect([...operations].sort()).toEqual(
      expect.arrayContaining([
        'Возврат',
        'Логистика',
        'Платная приемка',
        'Продажа',
        'Хранение',
        'Штраф',
        'Удержание',
        'Компенсация ущерба',
      ]),
    );
  });

  it('walks sales and returns first, then the cost rows, whose lump rows have nmId 0; one day has an operation the service does not know', async () => {
    const rows = (await post(seller, BY_PERIOD, { dateFrom: day(-45), dateTo: day(0) })).json as unknown as Row[];
    const firstCost = rows.findIndex((row) => !['Продажа', 'Возврат'].includes(row.sellerOperName));
    expect(firstCost).toBeGreaterThan(0);
    expect(rows.slice(firstCost).every((row) => !['Продажа', 'Возврат'].includes(row.sellerOperName))).toBe(true);
    expect(rows.map((row) => row.rrdId)).toEqual([...rows.map((row) => row.rrdId)].sort((a, b) => a - b));
    const storage = rows.filter((row) => row.sellerOperName === 'Хранение');
    expect(storage.length).toBeGreaterThan(30);
    expect(storage.every((row) => row.nmId === 0 && kopecksOf(row.paidStorage) > 0)).toBe(true);
    expect(
      rows.filter((row) => row.sellerOperName === 'Логистика').every((row) => row.nmId > 0 && kopecksOf(row.deliveryService) > 0),
    ).toBe(true);
    expect(rows.filter((row) => row.sellerOperName === 'Компенсация ущерба').every((row) => kopecksOf(row.forPay) > 0)).toBe(true);
    expect(rows.filter((row) => row.sellerOperName === 'Корректировка эквайринга')).toHaveLength(1);
  });

  it('a seller without report costs keeps its rows to sales and returns', async () => {
    const plain = await createSeller(emulator, { seed: 31, cards: 60, ordersPerDay: 12, orderDays: 40 });
    const rows = (await post(plain, BY_PERIOD, { dateFrom: day(-45), dateTo: day(0) })).json as unknown as Row[];
    expect(new Set(rows.map((row) => row.sellerOperName))).toEqual(new Set(['Продажа', 'Возврат']));
    const withCosts = (await post(seller, BY_PERIOD, { dateFrom: day(-45), dateTo: day(0) })).json as unknown as Row[];
    expect(withCosts.filter((row) => ['Продажа', 'Возврат'].includes(row.sellerOperName))).toEqual(rows);
  });

  it('lists daily reports by offset and limit, and answers 204 when there is none', async () => {
    const all = (await list({ period: 'daily', dateFrom: day(-20) })).json as unknown as Row[];
    expect(all.length).toBeGreaterThanOrEqual(19);
    expect(all.every((item) => item.dateFrom === item.dateTo)).toBe(true);
    const pages: Row[] = [];
    for (let offset = 0; offset < all.length + 7; offset += 7) {
      const page = await list({ period: 'daily', dateFrom: day(-20), limit: 7, offset });
      if (page.status === 204) break;
      pages.push(...(page.json as unknown as Row[]));
    }
    expect(pages).toEqual(all);
    const one = all[3];
    expect(totalFields(one)).toEqual(totalsOf(await rowsOf(String(one.reportId))));
    expect((await list({ dateFrom: '2024-03-01', dateTo: '2024-03-31' })).status).toBe(204);
    expect((await list({ period: 'daily', dateFrom: day(-20), offset: 1000 })).status).toBe(204);
  });

  it('the totals mismatch script changes exactly one total of one report; its rows stay', async () => {
    const before = (await list({})).json as unknown as Row[];
    const target = before[1];
    const rowsBefore = await rowsOf(String(target.reportId));
    const scripted = await fetch(`${emulator.url}/__emulator/sellers/${seller.sellerId}/sales-reports/${target.reportId}/totals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'penaltySum', kopecks: 137 }),
    });
    expect(scripted.status).toBe(200);
    const after = (await list({})).json as unknown as Row[];
    const differences = before.flatMap((item, index) =>
      Object.keys(item)
        .filter((key) => item[key] !== after[index][key])
        .map((key) => [item.reportId, key, item[key], after[index][key]]),
    );
    expect(differences).toEqual([[target.reportId, 'penaltySum', target.penaltySum, amountOfKopecks(kopecksOf(target.penaltySum) + 137)]]);
    expect(await rowsOf(String(target.reportId))).toEqual(rowsBefore);
    const refused = await fetch(`${emulator.url}/__emulator/sellers/${seller.sellerId}/sales-reports/${target.reportId}/totals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'nothing', kopecks: 1 }),
    });
    expect(refused.status).toBe(400);
  });

  it('a changed row changes its report: the by-id and by-period rows and the list item follow it', async () => {
    const other = await createSeller(emulator, { seed: 32, cards: 40, ordersPerDay: 8, orderDays: 30, reportCosts: true });
    const before = (await list({}, other)).json as unknown as Row[];
    // The first week has costs but no sale yet: sales come days after the orders.
    const target = before[2];
    const rows = await rowsOf(String(target.reportId), other);
    const row = rows.find((candidate) => candidate.docTypeName === 'Продажа')!;
    const scripted = await fetch(`${emulator.url}/__emulator/sellers/${other.sellerId}/sales-reports/rows/${row.rrdId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'forPay', kopecks: -250 }),
    });
    expect(scripted.status).toBe(200);
    const changedRows = await rowsOf(String(target.reportId), other);
    expect(changedRows.find((candidate) => candidate.rrdId === row.rrdId)!.forPay).toBe(amountOfKopecks(kopecksOf(row.forPay) - 250));
    const byPeriod = (await post(other, BY_PERIOD, { dateFrom: target.dateFrom, dateTo: target.dateTo })).json as unknown as Row[];
    expect(byPeriod).toEqual(changedRows);
    const after = ((await list({}, other)).json as unknown as Row[])[2];
    expect(totalFields(after)).toEqual(totalsOf(changedRows));
    expect(after.forPaySum).toBe(amountOfKopecks(kopecksOf(target.forPaySum) - 250));
    expect(after.bankPaymentSum).toBe(amountOfKopecks(kopecksOf(target.bankPaymentSum) - 250));
    expect(after.retailAmountSum).toBe(target.retailAmountSum);
  });

  it('report ids above 2^53 round-trip: listed as bare digits, answered by id with the rows of that report', async () => {
    const large = await createSeller(emulator, {
      seed: 31,
      cards: 60,
      ordersPerDay: 12,
      orderDays: 40,
      reportCosts: true,
      largeReportIds: true,
    });
    const answer = await list({ period: 'daily', dateFrom: day(-10) }, large);
    const ids = [...answer.text.matchAll(/"reportId":(\d+),/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(5);
    expect(ids.every((id) => BigInt(id) > 2n ** 53n)).toBe(true);
    const plainItems = (await list({ period: 'daily', dateFrom: day(-10) })).json as unknown as Row[];
    const page = await post(large, BY_ID.replace('{reportId}', ids[2]), { limit: 5 });
    expect(page.status).toBe(200);
    expect([...page.text.matchAll(/"reportId":(\d+),/g)].map((match) => match[1])).toEqual(Array(5).fill(ids[2]));
    const plainPage = await post(seller, BY_ID.replace('{reportId}', String(plainItems[2].reportId)), { limit: 5 });
    const withoutId = (rows: Row[]) => rows.map(({ reportId: _id, ...rest }) => rest);
    expect(withoutId(page.json as unknown as Row[])).toEqual(withoutId(plainPage.json as unknown as Row[]));
    // The plain digits of a large seller's report name no report of it.
    expect((await post(large, BY_ID.replace('{reportId}', String(plainItems[2].reportId)), {})).status).toBe(204);
  });

  it('answers the finance 400 for a bad body or id, 204 for an unknown report, 403 for a Base token', async () => {
    const bad400 = finances.response(LIST, 'post', '400', 'application/problem+json');
    const missing = await post(seller, LIST, { dateFrom: day(-3) });
    expect(missing.status).toBe(400);
    expect(bad400(missing.json), describeErrors(bad400)).toBe(true);
    expect(missing.json).toMatchObject({ origin: 'open-api-finreports', detail: 'GetReportsList decode error: missing dateTo params' });
    expect((await list({ limit: 1001 })).status).toBe(400);
    expect((await list({ period: 'monthly' })).status).toBe(400);
    const badId = await post(seller, BY_ID.replace('{reportId}', '12ab'), {});
    expect(badId.status).toBe(400);
    const byId400 = finances.response(BY_ID, 'post', '400', 'application/problem+json');
    expect(byId400(badId.json), describeErrors(byId400)).toBe(true);
    expect((await post(seller, BY_ID.replace('{reportId}', '300000001'), { rrdId: -1 })).status).toBe(400);
    expect((await post(seller, BY_ID.replace('{reportId}', '123'), {})).status).toBe(204);
    const base = await fetch(`${emulator.url}/__emulator/sellers/${seller.sellerId}/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tokenType: 'base' }),
    });
    const baseSeller = { ...seller, token: ((await base.json()) as { token: string }).token };
    for (const path of [LIST, ACQUIRING_LIST]) {
      const refused = await post(baseSeller, path, { dateFrom: day(-10), dateTo: day(0) });
      expect(refused.status).toBe(403);
      const validate = finances.response(path, 'post', '403', 'application/problem+json');
      expect(validate(refused.json), describeErrors(validate)).toBe(true);
      expect(refused.json).toMatchObject({ title: 'forbidden', detail: 'base token is not allowed', origin: 's2s-finance' });
    }
    expect((await call(emulator, baseSeller.token, 'finance', BALANCE)).status).toBe(200);
  });

  it('acquiring reports: one per formed week, fee sums equal to the sales rows of the weekly report', async () => {
    const answer = await post(seller, ACQUIRING_LIST, { dateFrom: day(-60), dateTo: day(0) });
    expect(answer.status).toBe(200);
    const items = answer.json as unknown as Row[];
    const validate = finances.response(ACQUIRING_LIST, 'post', '200');
    expect(validate(items), describeErrors(validate)).toBe(true);
    const component = financesAug.arrayResponse(ACQUIRING_LIST, 'post', '200', 'AcquiringReportListRes');
    expect(component(items), describeErrors(component)).toBe(true);
    const weekly = (await list({})).json as unknown as Row[];
    // A week with costs but no sale (the stream's first, when its orders began late in the week) has no acquiring.
    const withSales = weekly.filter((item) => kopecksOf(item.retailAmountSum) > 0);
    expect(items.map((item) => [item.dateFrom, item.dateTo])).toEqual(withSales.map((item) => [item.dateFrom, item.dateTo]));
    for (const item of items.slice(0, 2)) {
      const rows = await rowsOf(String(item.reportId), seller, ACQUIRING_BY_ID, 30);
      const rowsValid = finances.response(ACQUIRING_BY_ID, 'post', '200');
      expect(rowsValid(rows), describeErrors(rowsValid)).toBe(true);
      expect(financesAug.arrayResponse(ACQUIRING_BY_ID, 'post', '200', 'AcquiringReportsDetailedRes')(rows)).toBe(true);
      const sum = (field: string) => amountOfKopecks(rows.reduce((total, row) => total + kopecksOf(row[field]), 0));
      expect([sum('acquiringFee'), sum('acquiringFeeVat')]).toEqual([item.acquiringFeeSum, item.acquiringFeeVatSum]);
      const report = weekly.find((candidate) => candidate.dateFrom === item.dateFrom)!;
      const sales = (await rowsOf(String(report.reportId))).filter((row) => row.docTypeName === 'Продажа');
      expect(rows.map((row) => [row.rrdId, row.acquiringFee, row.nmId])).toEqual(
        sales.map((row) => [row.rrdId, row.acquiringFee, row.nmId]),
      );
    }
    expect((await post(seller, ACQUIRING_BY_ID.replace('{reportId}', String(weekly[0].reportId)), {})).status).toBe(204);
  });

  it('the balance is the bank payment of the last two weekly reports, available that of the last', async () => {
    const answer = await call(emulator, seller.token, 'finance', BALANCE);
    expect(answer.status).toBe(200);
    const validate = finances.response(BALANCE, 'get', '200');
    expect(validate(answer.json), describeErrors(validate)).toBe(true);
    const weekly = ((await list({ dateFrom: day(-21) })).json as unknown as Row[]).slice(-2);
    const kopecks = (text: string) => kopecksOf(/"?(-?\d+\.\d{2})/.exec(text)![1]);
    const current = answer.text.match(/"current":(-?\d+\.\d{2})/)![1];
    const available = answer.text.match(/"for_withdraw":(-?\d+\.\d{2})/)![1];
    expect(kopecksOf(current)).toBe(weekly.reduce((total, item) => total + kopecks(item.bankPaymentSum), 0));
    expect(available).toBe(weekly[1].bankPaymentSum);
    expect(answer.json.currency).toBe('RUB');
  });

  it('ad spend: per campaign and day the fullstats spend in whole roubles; 400 text/plain for a bad interval', async () => {
    const from = day(-20);
    const to = day(0);
    const answer = await call(emulator, seller.token, 'advert', `${UPD}?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    const charges = answer.json as unknown as Row[];
    const validate = promotion.response(UPD, 'get', '200');
    expect(validate(charges), describeErrors(validate)).toBe(true);
    expect(charges.length).toBeGreaterThan(20);
    const ids = [...new Set(charges.map((charge) => charge.advertId))];
    const stats = (await call(emulator, seller.token, 'advert', `/adv/v3/fullstats?ids=${ids.join(',')}&beginDate=${from}&endDate=${to}`))
      .json as unknown as { advertId: number; days: { date: string; sum: number }[] }[];
    const expected = stats.flatMap((campaign) =>
      campaign.days
        .map((statsDay) => ({ advertId: campaign.advertId, updSum: Math.round(statsDay.sum), today: statsDay.date.slice(0, 10) === to }))
        .filter((charge) => charge.updSum > 0),
    );
    expect(charges.map((charge) => ({ advertId: charge.advertId, updSum: charge.updSum, today: charge.updTime === null }))).toEqual(
      expected,
    );
    for (const [query, text] of [
      [`from=${from}`, 'Некорректная дата конца периода'],
      [`from=2026-13-01&to=${to}`, 'Некорректная дата начала периода'],
      [`from=${day(-40)}&to=${to}`, 'Период должен быть от 1 до 31 дней'],
      [`from=${to}&to=${from}`, 'Период должен быть от 1 до 31 дней'],
    ]) {
      const refused = await call(emulator, seller.token, 'advert', `${UPD}?${query}`);
      expect([refused.status, refused.headers.get('content-type'), refused.text]).toEqual([400, 'text/plain; charset=utf-8', text]);
      const bad = promotion.response(UPD, 'get', '400', 'text/plain');
      expect(bad(refused.text)).toBe(true);
    }
  });

  it('keeps the marketplace rate limits of the new calls', async () => {
    const limited = await startEmulator();
    try {
      const who = await createSeller(limited, { seed: 33, cards: 20, ordersPerDay: 4, orderDays: 20, reportCosts: true });
      const send = (scope: string, path: string, body?: unknown) =>
        call(limited, who.token, scope, path, body === undefined ? {} : { method: 'POST', body });
      const period = { dateFrom: day(-20), dateTo: day(0) };
      for (const [scope, path, body] of [
        ['finance', LIST, period],
        ['finance', BY_ID.replace('{reportId}', '300000001'), {}],
        ['finance', ACQUIRING_LIST, period],
        ['finance', ACQUIRING_BY_ID.replace('{reportId}', '500000001'), {}],
        ['finance', BALANCE, undefined],
      ] as const) {
        expect((await send(scope, path, body)).status).not.toBe(429);
        const second = await send(scope, path, body);
        expect(second.status).toBe(429);
        expect(second.headers.get('x-ratelimit-retry')).not.toBeNull();
      }
      const upd = [];
      for (let index = 0; index < 6; index += 1) upd.push((await send('advert', `${UPD}?from=${day(-3)}&to=${day(0)}`)).status);
      expect(upd).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
