import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { DAY_MS, moscowDate } from '../src/moscow-time';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

const PATH = '/api/finance/v1/sales-reports/detailed';
let emulator: RunningEmulator;
let seller: EmulatorSeller;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 9, cards: 200, ordersPerDay: 25, orderDays: 60 });
});
afterAll(() => emulator.close());

function report(body: Record<string, unknown>) {
  return call(emulator, seller.token, 'finance', PATH, { method: 'POST', body });
}

const day = (offset: number) => moscowDate(Date.now() + offset * DAY_MS);

describe('POST /api/finance/v1/sales-reports/detailed', () => {
  it('pages by rrdId until 204, with sales and returns of the period, money as decimal strings', async () => {
    const period = { dateFrom: day(-30), dateTo: day(0) };
    const rows: Record<string, any>[] = [];
    let rrdId = 0;
    for (let page = 0; page < 20; page += 1) {
      const response = await report({ ...period, limit: 100, rrdId });
      if (response.status === 204) break;
      expect(response.status).toBe(200);
      rows.push(...(response.json as unknown as Record<string, any>[]));
      rrdId = rows[rows.length - 1].rrdId;
    }
    expect((await report({ ...period, limit: 100, rrdId })).status).toBe(204);
    expect(rows.length).toBeGreaterThan(300);
    expect(new Set(rows.map((row) => row.rrdId)).size).toBe(rows.length);
    expect(rows.map((row) => row.rrdId)).toEqual([...rows.map((row) => row.rrdId)].sort((a, b) => a - b));
    expect(rows.every((row) => row.rrDate >= period.dateFrom && row.rrDate <= period.dateTo)).toBe(true);
    expect(rows.some((row) => row.docTypeName === 'Возврат')).toBe(true);
    expect(rows[0].retailAmount).toMatch(/^\d+\.\d{2}$/);
    expect(rows[0].forPay).toMatch(/^\d+\.\d{2}$/);
    expect(rows[0].reportId).toBeGreaterThan(0);
  });

  it('streams a page as its rows are made: any limit pages through the rows of one answer, and the call log keeps the paging', async () => {
    const period = { dateFrom: day(-30), dateTo: day(0) };
    const whole = await report(period);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBeNull();
    expect(whole.headers.get('transfer-encoding')).toBe('chunked');
    const rows = whole.json as unknown as { rrdId: number }[];
    const paged: { rrdId: number }[] = [];
    for (let rrdId = 0; ; rrdId = paged[paged.length - 1].rrdId) {
      const page = await report({ ...period, limit: 97, rrdId });
      if (page.status === 204) break;
      expect((page.json as unknown as object[]).length).toBeLessThanOrEqual(97);
      paged.push(...(page.json as unknown as { rrdId: number }[]));
    }
    expect(paged).toEqual(rows);
    const { calls } = (await (await fetch(`${emulator.url}/__emulator/calls?sellerId=${seller.sellerId}&path=${PATH}`)).json()) as {
      calls: { body: { limit?: number; rrdId?: number } }[];
    };
    const pages = calls.slice(-Math.ceil(rows.length / 97) - 1);
    expect(pages.map((call) => call.body)).toEqual(
      [0, ...Array.from({ length: pages.length - 1 }, (_, index) => rows[Math.min(rows.length, (index + 1) * 97) - 1].rrdId)].map(
        (rrdId) => ({ ...period, limit: 97, rrdId }),
      ),
    );
  });

  it('answers only the requested fields', async () => {
    const rows = (await report({ dateFrom: day(-20), dateTo: day(0), limit: 3, fields: ['rrdId', 'nmId', 'forPay'] }))
      .json as unknown as object[];
    expect(rows.map((row) => Object.keys(row).sort())).toEqual([
      ['forPay', 'nmId', 'rrdId'],
      ['forPay', 'nmId', 'rrdId'],
      ['forPay', 'nmId', 'rrdId'],
    ]);
  });

  it('a seller with largeReportIds gets report ids above 2^53 as bare digits, the other fields as usual', async () => {
    const large = await createSeller(emulator, { seed: 9, cards: 200, ordersPerDay: 25, orderDays: 60, largeReportIds: true });
    const body = { dateFrom: day(-20), dateTo: day(0), limit: 50 };
    const plain = await report(body);
    const answer = await call(emulator, large.token, 'finance', PATH, { method: 'POST', body });
    expect(answer.status).toBe(200);
    const ids = [...answer.text.matchAll(/"reportId":(\d+),/g)].map((match) => BigInt(match[1]));
    const plainIds = (plain.json as unknown as { reportId: number }[]).map((row) => BigInt(row.reportId) + 2n ** 60n);
    expect(ids).toEqual(plainIds);
    expect(ids.every((id) => id > 2n ** 53n && id < 2n ** 63n)).toBe(true);
    const withoutId = (rows: Record<string, unknown>[]) => rows.map(({ reportId: _id, ...rest }) => rest);
    expect(withoutId(answer.json as unknown as Record<string, unknown>[])).toEqual(
      withoutId(plain.json as unknown as Record<string, unknown>[]),
    );
    const fieldsOnly = await call(emulator, large.token, 'finance', PATH, {
      method: 'POST',
      body: { ...body, limit: 1, fields: ['reportId'] },
    });
    expect(fieldsOnly.text).toBe(`[{"reportId":${ids[0]}}]`);
  });

  it('has no data before 2024-01-29 and answers 204 for an empty period', async () => {
    expect((await report({ dateFrom: '2023-01-01', dateTo: '2024-01-28' })).status).toBe(204);
  });

  it('answers the finance 400 (problem+json) for missing dates', async () => {
    const response = await report({ dateFrom: day(-3) });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.json).toMatchObject({
      status: 400,
      title: 'bad request',
      origin: 'open-api-finreports',
      detail: 'GetReportDetailByPeriodNB decode error: missing dateTo params',
    });
  });
});
