import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { dateOfDay } from '../src/generator/funnel';
import { moscowDayNumber } from '../src/moscow-time';
import { AUGUST_SNAPSHOT, describeErrors, OPENAPI_DIR, openApiAvailable, OpenApiContract } from './openapi-contract';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

const PRODUCTS = '/api/analytics/v3/sales-funnel/products';
const HISTORY = '/api/analytics/v3/sales-funnel/products/history';
const SEARCH_TEXTS = '/api/v2/search-report/product/search-texts';
const CARDS = 40;

let emulator: RunningEmulator;
let seller: EmulatorSeller;
let nmIds: number[];

if (!openApiAvailable) console.log(`Analytics contract checks skipped: no OpenAPI files at ${OPENAPI_DIR}.`);

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 31, cards: CARDS, ordersPerDay: 60, orderDays: 30 });
  const all = await analytics(PRODUCTS, { selectedPeriod: oneDay(1), limit: 1000 });
  const products = all.json.data.products as { product: { nmId: number } }[];
  nmIds = products.map((row) => row.product.nmId).sort((a, b) => a - b);
});
afterAll(() => emulator.close());

/** The Moscow date `n` days before today. */
const daysAgo = (n: number): string => dateOfDay(moscowDayNumber(Date.now()) - n);
const oneDay = (n: number) => ({ start: daysAgo(n), end: daysAgo(n) });

const analytics = (path: string, body: unknown, token = seller.token, on = emulator) =>
  call(on, token, 'analytics', path, { method: 'POST', body });

function expectValid(validate: ValidateFunction, body: unknown): void {
  expect(validate(body), describeErrors(validate)).toBe(true);
}

async function setFunnelClock(daysAhead: unknown, status = 200): Promise<void> {
  const response = await fetch(`${emulator.url}/__emulator/sellers/${seller.sellerId}/funnel-clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ daysAhead }),
  });
  expect(response.status).toBe(status);
}

describe.skipIf(!openApiAvailable)('funnel and search answers against analytics.json', () => {
  let contract: OpenApiContract;
  beforeAll(() => {
    contract = new OpenApiContract('analytics.json', AUGUST_SNAPSHOT);
  });

  it('products: {data: ItemsResponse} (the file cuts the operation: each product against Item and Statistics), paged', async () => {
    const body = { selectedPeriod: { start: daysAgo(6), end: daysAgo(0) }, pastPeriod: { start: daysAgo(13), end: daysAgo(7) } };
    const answer = await analytics(PRODUCTS, body);
    expect(answer.status).toBe(200);
    const { data } = answer.json;
    expect(typeof data.currency).toBe('string');
    expect(data.products).toHaveLength(CARDS);
    const [item, statistics] = [contract.component('Item'), contract.component('Statistics')];
    for (const row of data.products) {
      expectValid(item, row.product);
      expectValid(statistics, row.statistic);
      expect(row.statistic.comparison).toBeDefined();
    }
    const opens = data.products.map((row: any) => row.statistic.selected.openCount);
    expect(opens).toEqual([...opens].sort((a, b) => b - a));
    const page = (offset: number) => analytics(PRODUCTS, { ...body, limit: 15, offset }).then((one) => one.json.data.products);
    const pages = [...(await page(0)), ...(await page(15)), ...(await page(30))];
    expect(pages.map((row: any) => row.product.nmId)).toEqual(data.products.map((row: any) => row.product.nmId));
    const one = await analytics(PRODUCTS, { ...body, nmIds: [nmIds[3]], orderBy: { field: 'orderSum', mode: 'asc' } });
    expect(one.json.data.products.map((row: any) => row.product.nmId)).toEqual([nmIds[3]]);
    expect(one.json.data.products[0].product.stocks.wb + one.json.data.products[0].product.stocks.mp).toBeGreaterThanOrEqual(0);
  });

  it('history: the file’s ItemHistoryResponse, a row per day or per week', async () => {
    const validate = contract.response(HISTORY, 'post', '200');
    const days = await analytics(HISTORY, { nmIds: nmIds.slice(0, 20), selectedPeriod: { start: daysAgo(6), end: daysAgo(0) } });
    expect(days.status).toBe(200);
    expectValid(validate, days.json);
    expect(days.json).toHaveLength(20);
    expect(days.json[0].history.map((row: { date: string }) => row.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    const weeks = await analytics(HISTORY, {
      nmIds: nmIds.slice(0, 2),
      selectedPeriod: { start: daysAgo(7), end: daysAgo(0) },
      aggregationLevel: 'week',
    });
    expectValid(validate, weeks.json);
    const weekRows = weeks.json[0].history as { orderCount: number }[];
    expect(weekRows.length).toBeGreaterThanOrEqual(2);
    const dayTotal = (
      await analytics(HISTORY, { nmIds: nmIds.slice(0, 1), selectedPeriod: { start: daysAgo(7), end: daysAgo(0) } })
    ).json[0].history.reduce((sum: number, row: { orderCount: number }) => sum + row.orderCount, 0);
    expect(weekRows.reduce((sum, row) => sum + row.orderCount, 0)).toBe(dayTotal);
  });

  it('search texts: {data: ItemSearchTextsResponse}, at most limit phrases a card, every one of the asked cards', async () => {
    const validate = contract.component('ItemSearchTextsResponse');
    const answer = await analytics(SEARCH_TEXTS, {
      nmIds: nmIds.slice(0, 3),
      currentPeriod: { start: daysAgo(6), end: daysAgo(0) },
      pastPeriod: { start: daysAgo(13), end: daysAgo(7) },
      topOrderBy: 'openCard',
      orderBy: { field: 'orders', mode: 'desc' },
      limit: 4,
    });
    expect(answer.status).toBe(200);
    expectValid(validate, answer.json.data);
    const items = answer.json.data.items as { nmId: number; orders: { current: number } }[];
    for (const nmId of nmIds.slice(0, 3)) {
      const count = items.filter((item) => item.nmId === nmId).length;
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(4);
    }
    const orders = items.map((item) => item.orders.current);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
  });

  it('a body the file’s request schema accepts is served; one it refuses gets the ErrorObject 400', async () => {
    const search = {
      nmIds: nmIds.slice(0, 2),
      currentPeriod: oneDay(1),
      topOrderBy: 'orders',
      orderBy: { field: 'avgPosition', mode: 'asc' },
      // The file's TextLimit is oneOf 1..30 and 1..100, so only a limit above 30 passes its own schema.
      limit: 50,
    };
    const cases: [string, Record<string, unknown>, Record<string, unknown>[]][] = [
      [
        PRODUCTS,
        {
          selectedPeriod: oneDay(3),
          pastPeriod: oneDay(4),
          nmIds: nmIds.slice(0, 5),
          brandNames: [],
          subjectIds: [],
          tagIds: [],
          skipDeletedNm: false,
          orderBy: { field: 'wbClub.orderSum', mode: 'desc' },
          limit: 3,
          offset: 1,
        },
        [
          { pastPeriod: oneDay(2) },
          { selectedPeriod: { start: daysAgo(1) } },
          { selectedPeriod: oneDay(1), limit: 1001 },
          { selectedPeriod: oneDay(1), nmIds: ['1'] },
          { selectedPeriod: oneDay(1), orderBy: { field: 'views', mode: 'desc' } },
        ],
      ],
      [
        HISTORY,
        { nmIds: nmIds.slice(0, 2), selectedPeriod: oneDay(1), skipDeletedNm: true, aggregationLevel: 'week' },
        [
          { selectedPeriod: oneDay(1) },
          { nmIds: [], selectedPeriod: oneDay(1) },
          { nmIds: nmIds.slice(0, 1), selectedPeriod: oneDay(1), aggregationLevel: 'month' },
        ],
      ],
      [
        SEARCH_TEXTS,
        { ...search, pastPeriod: oneDay(2), includeSubstitutedSKUs: true, includeSearchTexts: false },
        [
          { ...search, topOrderBy: 'views' },
          { ...search, limit: 101 },
          { ...search, orderBy: { field: 'orders' } },
          { ...search, currentPeriod: undefined },
        ],
      ],
    ];
    const badRequest = contract.component('ErrorObject');
    for (const [path, good, bad] of cases) {
      const schema = contract.requestBody(path, 'post');
      expectValid(schema, good);
      expect((await analytics(path, good)).status, path).toBe(200);
      for (const body of bad) {
        expect(schema(body), `${path} ${JSON.stringify(body)} should be invalid`).toBe(false);
        const refused = await analytics(path, body);
        expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expectValid(badRequest, refused.json);
      }
    }
  });

  it('refusals are the file’s ErrorObject 400: 21 cards, a period beyond the week, a search without required fields', async () => {
    const badRequest = contract.component('ErrorObject');
    const tooMany = await analytics(HISTORY, { nmIds: nmIds.slice(0, 21), selectedPeriod: oneDay(1) });
    expect(tooMany.status).toBe(400);
    expectValid(badRequest, tooMany.json);
    expect(tooMany.json.detail).toMatch(/^code=400, message=invalid: nmIds/);
    const old = await analytics(HISTORY, { nmIds: nmIds.slice(0, 1), selectedPeriod: oneDay(8) });
    expect(old.status).toBe(400);
    expectValid(badRequest, old.json);
    expect((await analytics(PRODUCTS, { selectedPeriod: oneDay(366) })).status).toBe(400);
    expect((await analytics(PRODUCTS, { selectedPeriod: oneDay(1), limit: 1001 })).status).toBe(400);
    const search = await analytics(SEARCH_TEXTS, { nmIds: nmIds.slice(0, 1), currentPeriod: oneDay(1), limit: 5 });
    expect(search.status).toBe(400);
    expectValid(contract.component('ErrorObject400'), search.json);
    expect(search.json.detail).toContain('topOrderBy');
  });
});

interface FeedRow {
  nmId: number;
  srid: string;
  priceWithDisc: number;
  isCancel?: boolean;
  saleID?: string;
}

describe('the funnel agrees with the statistics feeds', () => {
  it('a final day: orders and their sum are the orders feed’s, buyouts and cancels its sales, cancellations and returns', async () => {
    const day = daysAgo(8);
    const orders = (await call(emulator, seller.token, 'statistics', `/api/v1/supplier/orders?dateFrom=${day}&flag=1`))
      .json as unknown as FeedRow[];
    const sales = (await call(emulator, seller.token, 'statistics', `/api/v1/supplier/sales?dateFrom=${day}`)).json as unknown as FeedRow[];
    expect(orders.length).toBe(60);
    const sold = new Set(sales.filter((row) => row.saleID!.startsWith('S')).map((row) => row.srid));
    const returned = new Set(sales.filter((row) => row.saleID!.startsWith('R')).map((row) => row.srid));
    const funnel = (await analytics(PRODUCTS, { selectedPeriod: oneDay(8), limit: 1000 })).json.data.products as {
      product: { nmId: number };
      statistic: { selected: Record<string, number> };
    }[];
    expect(funnel).toHaveLength(CARDS);
    for (const { product, statistic } of funnel) {
      const own = orders.filter((row) => row.nmId === product.nmId);
      const kopecks = own.reduce((sum, row) => sum + Math.round(row.priceWithDisc * 100), 0);
      const cancels = own.filter((row) => row.isCancel || returned.has(row.srid));
      const buyouts = own.filter((row) => sold.has(row.srid) && !returned.has(row.srid));
      expect(statistic.selected, String(product.nmId)).toMatchObject({
        orderCount: own.length,
        orderSum: Math.round(kopecks / 100),
        cancelCount: cancels.length,
        buyoutCount: buyouts.length,
      });
      expect(statistic.selected.cartCount).toBeGreaterThanOrEqual(own.length);
      expect(statistic.selected.openCount).toBeGreaterThan(statistic.selected.cartCount);
    }
  });

  it('days −1 … −7 are revised as the funnel clock moves on; day −8 is final', async () => {
    const cards = nmIds.slice(0, 20);
    const dayTwo = () =>
      analytics(HISTORY, { nmIds: cards, selectedPeriod: oneDay(2) }).then((answer) =>
        (answer.json as unknown as { history: Record<string, number>[] }[]).map((item) => item.history[0]),
      );
    // Buyouts, cancellations and returns go on being booked on the order's day as they happen (reference 13.0), so only
    // the backfilled figures are compared.
    const dayEight = () =>
      analytics(PRODUCTS, { selectedPeriod: oneDay(8), nmIds: cards }).then((answer) =>
        (answer.json.data.products as { statistic: { selected: Record<string, number> } }[]).map(({ statistic: { selected } }) => [
          selected.openCount,
          selected.cartCount,
          selected.orderCount,
          selected.orderSum,
          selected.addToWishlist,
        ]),
      );
    const [before, finalBefore] = [await dayTwo(), await dayEight()];
    expect(await dayTwo()).toEqual(before);
    await setFunnelClock(-1, 400);
    await setFunnelClock(2);
    try {
      const after = await dayTwo();
      const total = (rows: Record<string, number>[], key: string) => rows.reduce((sum, row) => sum + row[key], 0);
      expect(total(after, 'openCount')).toBeGreaterThan(total(before, 'openCount'));
      expect(total(after, 'orderCount')).toBeGreaterThanOrEqual(total(before, 'orderCount'));
      after.forEach((row, n) => expect(row.openCount).toBeGreaterThanOrEqual(before[n].openCount));
      expect(await dayEight()).toEqual(finalBefore);
    } finally {
      await setFunnelClock(0);
    }
  });
});

describe('rate limits (analytics.json: 3 a minute, burst 3)', () => {
  it('the 4th call of each within a minute is answered 429', async () => {
    const limited = await startEmulator();
    try {
      const other = await createSeller(limited, { seed: 31, cards: 5, ordersPerDay: 5, orderDays: 10 });
      const nmId = nmIds[0];
      const bodies: [string, unknown][] = [
        [PRODUCTS, { selectedPeriod: oneDay(1) }],
        [HISTORY, { nmIds: [nmId], selectedPeriod: oneDay(1) }],
        [
          SEARCH_TEXTS,
          { nmIds: [nmId], currentPeriod: oneDay(1), topOrderBy: 'orders', orderBy: { field: 'orders', mode: 'desc' }, limit: 3 },
        ],
      ];
      for (const [path, body] of bodies) {
        const statuses = [];
        for (let n = 0; n < 4; n += 1) statuses.push((await analytics(path, body, other.token, limited)).status);
        expect(statuses, path).toEqual([200, 200, 200, 429]);
      }
    } finally {
      await limited.close();
    }
  });
});
