import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { FBW_WAREHOUSES } from '../src/generator/acceptance';
import { rateKopecks, russianNumber, warehouseCoefficients } from '../src/generator/tariffs';
import { AUGUST_SNAPSHOT, describeErrors, OPENAPI_DIR, openApiAvailable, OpenApiContract } from './openapi-contract';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

const BOX = '/api/v1/tariffs/box';
const PALLET = '/api/v1/tariffs/pallet';
const MISSING = 'parameter "date" in query has an error: value is required but missing';

describe('box and pallet tariffs', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 3, cards: 1 });
  });
  afterAll(() => emulator.close());

  it.each([
    [0, '0'],
    [5, '0,05'],
    [14, '0,14'],
    [1120, '11,2'],
    [4800, '48'],
    [103_900, '1 039'],
    [123_456_789, '1 234 567,89'],
  ])('%i kopecks are written «%s»', (kopecks, written) => {
    expect(russianNumber(kopecks)).toBe(written);
  });

  it('box rates of every FBW warehouse by name, in Russian number format, the coefficients already in them', async () => {
    const response = await call(emulator, seller.token, 'common', `${BOX}?date=2026-08-20`);
    expect(response.status).toBe(200);
    const { data } = response.json.response;
    expect(data).toMatchObject({ currency: 'RUB', dtTillMax: '2026-08-20' });
    expect(data.warehouseList.map((item: { warehouseName: string }) => item.warehouseName)).toEqual(FBW_WAREHOUSES.map((w) => w.name));
    const koledino = data.warehouseList[0];
    const percent = warehouseCoefficients(FBW_WAREHOUSES[0]).boxDelivery;
    expect(koledino).toMatchObject({
      boxDeliveryBase: russianNumber(rateKopecks(3800, percent)),
      boxDeliveryLiter: russianNumber(rateKopecks(950, percent)),
      boxDeliveryCoefExpr: String(percent),
    });
    for (const item of data.warehouseList)
      for (const [key, value] of Object.entries(item))
        if (key.startsWith('box')) expect(value, `${item.warehouseName} ${key}`).toMatch(/^\d{1,3}( \d{3})*(,\d{1,2})?$/);
  });

  it('pallet rates: every warehouse but the sorting centre, the storage of a pallet written with a dot', async () => {
    const response = await call(emulator, seller.token, 'common', `${PALLET}?date=2026-08-20`);
    expect(response.status).toBe(200);
    const list = response.json.response.data.warehouseList as Record<string, string>[];
    expect(list.map((item) => item.warehouseName)).toEqual(FBW_WAREHOUSES.filter((w) => !w.isSortingCenter).map((w) => w.name));
    for (const item of list) expect(item.palletStorageValueExpr).toMatch(/^\d+(\.\d{1,2})?$/);
  });

  it.each([
    [BOX, '', MISSING],
    [BOX, '?date=', MISSING],
    [PALLET, '?date=20.08.2026', 'Invalid date param'],
    [PALLET, '?date=2026-02-30', 'Invalid date param'],
  ])('%s%s: 400 problem+json «%s»', async (path, query, detail) => {
    const response = await call(emulator, seller.token, 'common', `${path}${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.json).toEqual({ detail, origin: 'tariffs', title: 'Bad Request', requestId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('each call is limited to a burst of 5, then 429 (60 a minute)', async () => {
    const limited = await startEmulator();
    try {
      const other = await createSeller(limited, { seed: 4, cards: 1 });
      for (const path of [BOX, PALLET]) {
        const statuses = [];
        for (let sent = 0; sent < 6; sent += 1)
          statuses.push((await call(limited, other.token, 'common', `${path}?date=2026-08-20`)).status);
        expect(statuses, path).toEqual([200, 200, 200, 200, 200, 429]);
      }
    } finally {
      await limited.close();
    }
  });
});

if (!openApiAvailable) console.log(`Tariffs conformance skipped: the marketplace OpenAPI files are not at ${OPENAPI_DIR}.`);

describe.skipIf(!openApiAvailable)('tariffs answers conform to the 2026-08 OpenAPI files', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;
  let tariffs: OpenApiContract;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 5, cards: 1 });
    tariffs = new OpenApiContract('wb-tariffs.json', AUGUST_SNAPSHOT);
  });
  afterAll(() => emulator.close());

  it('the validators reject answers of the wrong shape (so a pass means something)', () => {
    expect(tariffs.response(BOX, 'get', '200')({ response: { data: { warehouseList: [{ boxDeliveryBase: 48 }] } } })).toBe(false);
    expect(tariffs.response(PALLET, 'get', '200')({ response: { data: { warehouseList: 'none' } } })).toBe(false);
    expect(tariffs.response(BOX, 'get', '400', 'application/problem+json')({ detail: 400 })).toBe(false);
  });

  it.each([BOX, PALLET])('%s: 200, and the 400 for a missing and an invalid date', async (path) => {
    const ok = tariffs.response(path, 'get', '200');
    const answer = await call(emulator, seller.token, 'common', `${path}?date=2026-08-20`);
    expect(ok(answer.json), describeErrors(ok)).toBe(true);
    const bad = tariffs.response(path, 'get', '400', 'application/problem+json');
    for (const query of ['', '?date=tomorrow']) {
      const refused = await call(emulator, seller.token, 'common', `${path}${query}`);
      expect(refused.status).toBe(400);
      expect(bad(refused.json), describeErrors(bad)).toBe(true);
    }
  });
});
