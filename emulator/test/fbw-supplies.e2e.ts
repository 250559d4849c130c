import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningEmulator } from '../src/emulator';
import { SUPPLY_STEP_MS } from '../src/generator/fbw-supplies';
import { describeErrors, OPENAPI_DIR, openApiAvailable, OpenApiContract } from './openapi-contract';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

/** Reference 11: the supplies calls are only in the 2026-08 files. */
const AUG = '2026-08-19_en_json';

async function control(emulator: RunningEmulator, method: string, path: string, body?: unknown) {
  const response = await fetch(`${emulator.url}/__emulator${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

describe('FBW supplies (reference 11.4-11.6)', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 11, cards: 30, supplies: 12 });
  });
  afterAll(() => emulator.close());

  const list = (body: unknown = {}, query = '') =>
    call(emulator, seller.token, 'supplies', `/api/v1/supplies${query}`, { method: 'POST', body });

  it('lists the seller supplies newest first, orders without a supply id, Moscow dates, paged by limit and offset', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.json).toHaveLength(12);
    const preorders = (all.json as unknown as { preorderID: number }[]).map((item) => item.preorderID);
    expect(preorders).toEqual([...preorders].sort((a, b) => b - a));
    for (const item of all.json as unknown as Record<string, any>[]) {
      expect(item.createDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
      expect(item.supplyID === null).toBe(item.statusID === 1);
    }
    const page = await list({}, '?limit=5&offset=5');
    expect(page.json).toEqual((all.json as unknown as unknown[]).slice(5, 10));
  });

  it('filters by status and by a date range, and refuses what the reference says it refuses', async () => {
    const accepted = await list({ statusIDs: [5] });
    expect((accepted.json as unknown as { statusID: number }[]).every((item) => item.statusID === 5)).toBe(true);
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const none = await list({ dates: [{ type: 'createDate', from: '2000-01-01', till: '2000-01-02' }] });
    expect(none.json).toEqual([]);
    expect((await list({ dates: [{ type: 'updatedDate', till: today }] })).json).toHaveLength(12);
    expect((await list({ statusIDs: [7] })).json.detail).toBe("Выберите значение параметра 'StatusIDs[0]' из списка: '1 2 3 4 5 6'");
    expect((await list({ dates: [{ type: 'x' }] })).json.detail).toMatch(/^Выберите значение параметра 'Type'/);
    expect((await list({ dates: [{ type: 'createDate', from: '11-03-2019' }] })).json.detail).toMatch(/ISO Date: 2006-01-02/);
    expect((await list({}, '?limit=0')).json).toMatchObject({ status: 400, detail: 'Неверный формат limit', origin: 'supply-api' });
  });

  it('an added supply moves only by the control API; its acceptance counts the accepted quantity set', async () => {
    const added = await control(emulator, 'POST', `/sellers/${seller.sellerId}/supplies`, {
      warehouseId: 507,
      supplyDate: '2026-09-01',
      goods: [{ quantity: 60 }, { quantity: 40 }],
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ statusID: 2, warehouseID: 507, warehouseName: 'Коледино', quantity: 100, acceptedQuantity: 0 });
    expect(added.json.supplyDate).toBe('2026-09-01T00:00:00+03:00');
    const id = added.json.supplyID as number;
    await control(emulator, 'PUT', `/sellers/${seller.sellerId}/supplies/${id}/accepted`, { acceptedQuantity: 95 });
    for (const status of [3, 6, 4])
      expect((await control(emulator, 'POST', `/sellers/${seller.sellerId}/supplies/${id}/advance`)).json.statusID).toBe(status);
    const details = await call(emulator, seller.token, 'supplies', `/api/v1/supplies/${id}`);
    expect(details.json).toMatchObject({ statusID: 4, acceptedQuantity: 0, readyForSaleQuantity: 0 });
    const done = await control(emulator, 'POST', `/sellers/${seller.sellerId}/supplies/${id}/advance`, { status: 5 });
    expect(done.json).toMatchObject({ statusID: 5, quantity: 100, acceptedQuantity: 95, readyForSaleQuantity: 95 });
    const goods = await call(emulator, seller.token, 'supplies', `/api/v1/supplies/${id}/goods`);
    expect(
      (goods.json as unknown as { quantity: number; acceptedQuantity: number }[]).map((good) => [good.quantity, good.acceptedQuantity]),
    ).toEqual([
      [60, 60],
      [40, 35],
    ]);
  });

  it('a generated supply moves on one status every step by itself', () => {
    const supplies = emulator.context.sellers.get(seller.sellerId)!.supplies;
    const moving = supplies.all().find((supply) => supply.nextStepMs !== null)!;
    const rank = (status: number) => [1, 2, 3, 6, 4, 5].indexOf(status);
    const before = rank(moving.status);
    supplies.all(moving.nextStepMs!);
    expect(rank(moving.status)).toBe(before + 1);
    supplies.all(Date.now() + SUPPLY_STEP_MS * 6);
    expect(moving.status).toBe(5);
  });

  it('an unknown supply: details 404, goods 400 (reference 11.6), an order that became a supply is found by its supply id only', async () => {
    const details = await call(emulator, seller.token, 'supplies', '/api/v1/supplies/999');
    expect(details.status).toBe(404);
    expect(details.json).toMatchObject({ title: 'not found', detail: 'поставка 999 не найдена', origin: 'supply-api', status: 404 });
    const goods = await call(emulator, seller.token, 'supplies', '/api/v1/supplies/999/goods');
    expect(goods.status).toBe(400);
    expect(goods.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(goods.json.detail).toMatch(/Поставка не найдена$/);
    const planned = (await list({ statusIDs: [2, 3, 4, 5, 6] })).json[0] as unknown as { supplyID: number; preorderID: number };
    const byOrder = await call(emulator, seller.token, 'supplies', `/api/v1/supplies/${planned.preorderID}?isPreorderID=true`);
    expect(byOrder.status).toBe(400);
    expect(byOrder.json.detail).toContain(`найдена поставка ${planned.supplyID}`);
    expect((await call(emulator, seller.token, 'supplies', '/api/v1/supplies/abc')).json.detail).toBe(
      'неверный формат id (должен быть int64)',
    );
  });
});

if (!openApiAvailable) console.log(`Supplies conformance skipped: the marketplace OpenAPI files are not at ${OPENAPI_DIR}.`);

describe.skipIf(!openApiAvailable)('FBW supplies answers conform to orders-fbw.json', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;
  let fbw: OpenApiContract;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 5, cards: 20, supplies: 20 });
    fbw = new OpenApiContract('orders-fbw.json', AUG);
  });
  afterAll(() => emulator.close());

  it('list items fit models.Supply, details the 200 schema, goods models.GoodInSupply, errors models.ErrorModel', async () => {
    const item = fbw.component('models.Supply');
    const details = fbw.response('/api/v1/supplies/{ID}', 'get', '200');
    const good = fbw.component('models.GoodInSupply');
    const error = fbw.component('models.ErrorModel');
    // A pass means something: the validators refuse wrong shapes.
    expect(item({ statusID: 9, supplyID: 'x' })).toBe(false);
    expect(good({ nmID: 'x' })).toBe(false);
    expect(details({ statusID: 'x', quantity: 1.5 })).toBe(false);
    const listed = await call(emulator, seller.token, 'supplies', '/api/v1/supplies', { method: 'POST', body: {} });
    const items = listed.json as unknown as { supplyID: number | null; preorderID: number; statusID: number }[];
    expect(new Set(items.map((supply) => supply.statusID)).size).toBeGreaterThan(1);
    for (const supply of items) {
      expect(item(supply), describeErrors(item)).toBe(true);
      const ref = supply.supplyID === null ? `${supply.preorderID}?isPreorderID=true` : String(supply.supplyID);
      const answer = await call(emulator, seller.token, 'supplies', `/api/v1/supplies/${ref}`);
      expect(details(answer.json), describeErrors(details)).toBe(true);
      const goodsRef = supply.supplyID === null ? `${supply.preorderID}/goods?isPreorderID=true` : `${supply.supplyID}/goods`;
      const goods = await call(emulator, seller.token, 'supplies', `/api/v1/supplies/${goodsRef}`);
      for (const row of goods.json as unknown as unknown[]) expect(good(row), describeErrors(good)).toBe(true);
    }
    const notFound = fbw.response('/api/v1/supplies/{ID}', 'get', '404');
    expect(notFound((await call(emulator, seller.token, 'supplies', '/api/v1/supplies/1')).json), describeErrors(notFound)).toBe(true);
    for (const path of ['/api/v1/supplies/1/goods', '/api/v1/supplies/x/goods']) {
      const refused = await call(emulator, seller.token, 'supplies', path);
      expect(error(refused.json), describeErrors(error)).toBe(true);
    }
    const badList = fbw.response('/api/v1/supplies', 'post', '400');
    const refused = await call(emulator, seller.token, 'supplies', '/api/v1/supplies', { method: 'POST', body: { statusIDs: [9] } });
    expect(badList(refused.json), describeErrors(badList)).toBe(true);
  });
});
