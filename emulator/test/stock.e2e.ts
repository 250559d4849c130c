import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

let emulator: RunningEmulator;
let seller: EmulatorSeller;

beforeAll(async () => {
  emulator = await startEmulator({ limits: false });
  seller = await createSeller(emulator, { seed: 21, cards: 120 });
});
afterAll(() => emulator.close());

const REPORT = '/api/analytics/v1/stocks-report/wb-warehouses';

function report(body: Record<string, unknown>) {
  return call(emulator, seller.token, 'analytics', REPORT, { method: 'POST', body });
}

async function control(path: string, body?: unknown) {
  const response = await fetch(`${emulator.url}/__emulator${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status;
}

async function createTask(): Promise<string> {
  return (await call(emulator, seller.token, 'analytics', '/api/v1/warehouse_remains?groupByBarcode=true')).json.data.taskId;
}

const status = async (taskId: string) =>
  (await call(emulator, seller.token, 'analytics', `/api/v1/warehouse_remains/tasks/${taskId}/status`)).json.data.status;

describe('stocks report', () => {
  it('every size once, all in the one pseudo-warehouse -999999 «Склад WB», paged by offset and limit', async () => {
    const all = (await report({})).json.data.items;
    expect(new Set(all.map((row: { chrtId: number }) => row.chrtId)).size).toBe(all.length);
    expect(
      all.every((row: { warehouseId: number; warehouseName: string }) => row.warehouseId === -999999 && row.warehouseName === 'Склад WB'),
    ).toBe(true);
    const pages = [];
    for (let offset = 0; ; offset += 50) {
      const page = (await report({ limit: 50, offset })).json.data.items;
      pages.push(...page);
      if (page.length < 50) break;
    }
    expect(pages).toEqual(all);
    // Some cards are out of stock, others in stock.
    expect(all.some((row: { quantity: number }) => row.quantity === 0)).toBe(true);
    expect(all.some((row: { quantity: number }) => row.quantity > 0)).toBe(true);
    const one = all[0].nmId;
    expect((await report({ nmIds: [one] })).json.data.items.every((row: { nmId: number }) => row.nmId === one)).toBe(true);
  });
});

describe('warehouse-remains report task', () => {
  it('answers processing as scripted, then done; the download names real warehouses and the three pseudo-entries', async () => {
    expect(await control(`/sellers/${seller.sellerId}/stock/remains-tasks`, { tasks: [{ processing: 3, end: 'done' }] })).toBe(201);
    const taskId = await createTask();
    const download = () => call(emulator, seller.token, 'analytics', `/api/v1/warehouse_remains/tasks/${taskId}/download`);
    expect((await download()).status).toBe(404);
    expect([await status(taskId), await status(taskId), await status(taskId), await status(taskId)]).toEqual([
      'processing',
      'processing',
      'processing',
      'done',
    ]);
    const rows = (await download()).json as { nmId: number; warehouses: { warehouseName: string; quantity: number }[] }[];
    const names = new Set(rows.flatMap((row) => row.warehouses.map((warehouse) => warehouse.warehouseName)));
    for (const pseudo of ['В пути до получателей', 'Всего находится на складах', 'Коледино']) expect(names.has(pseudo)).toBe(true);
    expect(rows.every((row) => row.warehouses.every((warehouse) => warehouse.quantity > 0))).toBe(true);
    expect(names.has('Склад WB')).toBe(false);
  });

  it('a task scripted to be cancelled, or purged once done, says so and is not downloadable', async () => {
    await control(`/sellers/${seller.sellerId}/stock/remains-tasks`, { tasks: [{ processing: 0, end: 'canceled' }] });
    const cancelled = await createTask();
    expect(await status(cancelled)).toBe('canceled');
    await control(`/sellers/${seller.sellerId}/stock/remains-tasks`, { tasks: [{ processing: 0, end: 'done' }] });
    const purged = await createTask();
    expect(await status(purged)).toBe('done');
    expect(await control(`/sellers/${seller.sellerId}/stock/remains-tasks/${purged}/purge`)).toBe(204);
    expect(await status(purged)).toBe('purged');
    expect((await call(emulator, seller.token, 'analytics', `/api/v1/warehouse_remains/tasks/${purged}/download`)).status).toBe(404);
    await control(`/sellers/${seller.sellerId}/stock/remains-tasks`, { tasks: [{ new: 1, processing: 1 }] });
    const fresh = await createTask();
    expect([await status(fresh), await status(fresh), await status(fresh)]).toEqual(['new', 'processing', 'done']);
    // Without a script a task is processing once or twice.
    const plain = await createTask();
    const seen = [await status(plain), await status(plain), await status(plain)];
    expect(seen[0]).toBe('processing');
    expect(seen[2]).toBe('done');
  });
});

describe('seller warehouses and their stock', () => {
  it('lists the FBS warehouses and reads sizes by chrtId, leaving unknown sizes out; a 4xx counts as 10 requests', async () => {
    const warehouses = (await call(emulator, seller.token, 'marketplace', '/api/v3/warehouses')).json as { id: number }[];
    expect(warehouses.length).toBe(2);
    const chrtIds = (await report({ limit: 10 })).json.data.items.map((row: { chrtId: number }) => row.chrtId);
    const read = await call(emulator, seller.token, 'marketplace', `/api/v3/stocks/${warehouses[0].id}`, {
      method: 'POST',
      body: { chrtIds: [...chrtIds, 1] },
    });
    expect(read.json.stocks.map((stock: { chrtId: number }) => stock.chrtId)).toEqual(chrtIds);

    const limited = await startEmulator();
    try {
      const other = await createSeller(limited, { seed: 21, cards: 5 });
      const refused = await call(limited, other.token, 'marketplace', '/api/v3/stocks/1', { method: 'POST', body: { chrtIds: [] } });
      expect(refused.status).toBe(404);
      // The burst of 20 less the refusal's 10 leaves 10 requests (and what refills meanwhile, 5 a second), not 19.
      const statuses = [];
      for (let n = 0; n < 14; n += 1) statuses.push((await call(limited, other.token, 'marketplace', '/api/v3/warehouses')).status);
      expect(statuses.filter((code) => code === 200).length).toBeGreaterThanOrEqual(10);
      expect(statuses.filter((code) => code === 200).length).toBeLessThanOrEqual(11);
      expect(statuses[13]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
