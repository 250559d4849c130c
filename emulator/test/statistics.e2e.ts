import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { moscowLocal } from '../src/moscow-time';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

let emulator: RunningEmulator;
let seller: EmulatorSeller;
const DAY = 86_400_000;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 5, cards: 500, ordersPerDay: 30, orderDays: 40 });
});
afterAll(() => emulator.close());

function feed(path: 'orders' | 'sales', query: string) {
  return call(emulator, seller.token, 'statistics', `/api/v1/supplier/${path}?${query}`);
}

describe('GET /api/v1/supplier/orders', () => {
  it('answers rows changed since dateFrom, oldest change first, with the reference fields in Moscow time', async () => {
    const from = moscowLocal(Date.now() - 10 * DAY).slice(0, 10);
    const rows = (await feed('orders', `dateFrom=${from}`)).json as unknown as Record<string, any>[];
    expect(rows.length).toBeGreaterThan(250);
    expect(rows.every((row) => row.lastChangeDate >= `${from}T00:00:00`)).toBe(true);
    expect(rows.map((row) => row.lastChangeDate)).toEqual([...rows.map((row) => row.lastChangeDate)].sort());
    expect(rows[0].date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'barcode',
        'brand',
        'cancelDate',
        'category',
        'countryName',
        'date',
        'discountPercent',
        'finishedPrice',
        'gNumber',
        'incomeID',
        'isCancel',
        'isRealization',
        'isSupply',
        'lastChangeDate',
        'nmId',
        'oblastOkrugName',
        'priceWithDisc',
        'regionName',
        'spp',
        'srid',
        'sticker',
        'subject',
        'supplierArticle',
        'techSize',
        'totalPrice',
        'warehouseName',
        'warehouseType',
      ].sort(),
    );
    const cancelled = rows.filter((row) => row.isCancel);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((row) => row.cancelDate === row.lastChangeDate)).toBe(true);
    expect(rows.filter((row) => !row.isCancel).every((row) => row.cancelDate === '0001-01-01T00:00:00')).toBe(true);
  });

  it("pages by the last row's lastChangeDate until an empty answer, without repeating rows", async () => {
    const seen = new Set<string>();
    let dateFrom = moscowLocal(Date.now() - 5 * DAY).slice(0, 10);
    for (let page = 0; page < 5; page += 1) {
      const rows = (await feed('orders', `dateFrom=${dateFrom}`)).json as unknown as { srid: string; lastChangeDate: string }[];
      if (rows.length === 0) break;
      for (const row of rows) {
        expect(seen.has(row.srid)).toBe(false);
        seen.add(row.srid);
      }
      dateFrom = rows[rows.length - 1].lastChangeDate;
    }
    expect((await feed('orders', `dateFrom=${dateFrom}`)).json).toEqual([]);
    expect(seen.size).toBeGreaterThan(100);
  });

  it('never ends a page inside a second, so paging leaves no row out when many rows share a second', async () => {
    // 100 000 orders in a day, more than one a second: with this seed the 80 000th change shares its second with the next.
    const dense = await createSeller(emulator, { seed: 6, cards: 50, ordersPerDay: 100_000, orderDays: 1, ordersEndDaysAgo: 3 });
    const seen = new Set<string>();
    const pageSizes: number[] = [];
    let dateFrom = moscowLocal(Date.now() - 10 * DAY).slice(0, 10);
    for (;;) {
      const answer = await call(emulator, dense.token, 'statistics', `/api/v1/supplier/orders?dateFrom=${dateFrom}`);
      const rows = answer.json as unknown as { srid: string; lastChangeDate: string }[];
      if (rows.length === 0) break;
      pageSizes.push(rows.length);
      rows.forEach((row) => seen.add(row.srid));
      dateFrom = rows[rows.length - 1].lastChangeDate;
    }
    expect(pageSizes[0]).toBeGreaterThan(80_000);
    expect(seen.size).toBe(100_000);
  }, 60_000);

  it('flag=1 answers the orders of the date of dateFrom', async () => {
    const day = moscowLocal(Date.now() - 3 * DAY).slice(0, 10);
    const rows = (await feed('orders', `dateFrom=${day}&flag=1`)).json as unknown as { date: string }[];
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.date.startsWith(day))).toBe(true);
  });

  it('answers the statistics 400 for a missing or invalid dateFrom', async () => {
    expect(await feed('orders', '')).toMatchObject({ status: 400, json: { errors: ['dateFrom: field required'] } });
    expect(await feed('orders', 'dateFrom=yesterday')).toMatchObject({ status: 400, json: { errors: 'dateFrom: Value not validated' } });
  });

  it('reads dateFrom without a zone as Moscow time', async () => {
    const moscow = (await feed('orders', `dateFrom=${moscowLocal(Date.now() - 2 * DAY)}`)).json as unknown as unknown[];
    const utc = (await feed('orders', `dateFrom=${new Date(Date.now() - 2 * DAY).toISOString().slice(0, 19)}Z`))
      .json as unknown as unknown[];
    expect(Math.abs(moscow.length - utc.length)).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/v1/supplier/sales', () => {
  it('answers sales (S) and returns (R) in one feed; returns carry negative amounts', async () => {
    const rows = (await feed('sales', `dateFrom=${moscowLocal(Date.now() - 40 * DAY).slice(0, 10)}`)).json as unknown as Record<
      string,
      any
    >[];
    const sales = rows.filter((row) => row.saleID.startsWith('S'));
    const returns = rows.filter((row) => row.saleID.startsWith('R'));
    expect(sales.length).toBeGreaterThan(500);
    expect(returns.length).toBeGreaterThan(0);
    expect(returns.every((row) => row.forPay < 0 && row.totalPrice < 0)).toBe(true);
    expect(sales.every((row) => row.forPay > 0)).toBe(true);
    expect(rows[0]).not.toHaveProperty('isCancel');
    expect(rows[0]).toHaveProperty('paymentSaleAmount');
    expect(rows.every((row) => row.saleID.length <= 15)).toBe(true);
    expect(new Date(`${rows[rows.length - 1].date}+03:00`).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('has the statistics rate limits: orders burst 10, sales burst 1', async () => {
    const limited = await startEmulator();
    try {
      const other = await createSeller(limited, { cards: 20, ordersPerDay: 2, orderDays: 2 });
      const statuses = async (path: string, times: number) => {
        const result = [];
        for (let i = 0; i < times; i += 1)
          result.push((await call(limited, other.token, 'statistics', `${path}?dateFrom=2026-01-01`)).status);
        return result;
      };
      expect(await statuses('/api/v1/supplier/orders', 11)).toEqual([...Array(10).fill(200), 429]);
      expect(await statuses('/api/v1/supplier/sales', 2)).toEqual([200, 429]);
    } finally {
      await limited.close();
    }
  });
});
