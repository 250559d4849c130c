import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { ACCEPTANCE_DAYS, BOX_TYPES, FBW_WAREHOUSES } from '../src/generator/acceptance';
import { moscowDate } from '../src/moscow-time';
import { AUGUST_SNAPSHOT, describeErrors, OPENAPI_DIR, openApiAvailable, OpenApiContract } from './openapi-contract';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

const COEFFICIENTS = '/api/tariffs/v1/acceptance/coefficients';
const WAREHOUSES = '/api/v1/warehouses';

async function control(emulator: RunningEmulator, path: string, body: unknown) {
  const response = await fetch(`${emulator.url}/__emulator${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

describe('acceptance coefficients and FBW warehouses', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 11, cards: 5 });
  });
  afterAll(() => emulator.close());

  it('answers 14 Moscow days × warehouses × box types 2, 5, 6, filtered by warehouseIDs', async () => {
    const all = await call(emulator, seller.token, 'common', COEFFICIENTS);
    expect(all.status).toBe(200);
    expect(all.json).toHaveLength(FBW_WAREHOUSES.length * ACCEPTANCE_DAYS * BOX_TYPES.length);
    const some = (await call(emulator, seller.token, 'common', `${COEFFICIENTS}?warehouseIDs=507,117501`)).json as unknown as Record<
      string,
      unknown
    >[];
    expect(new Set(some.map((item) => item.warehouseID))).toEqual(new Set([507, 117501]));
    expect(some[0].date).toBe(`${moscowDate(Date.now())}T00:00:00Z`);
    expect(new Set(some.map((item) => item.boxTypeID))).toEqual(new Set(BOX_TYPES));
    const bad = await call(emulator, seller.token, 'common', `${COEFFICIENTS}?warehouseIDs=507;x`);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ origin: 'supply-api', status: 400, detail: 'Неверный формат warehouseIDs' });
  });

  it('a cell set through the control API holds over the generated grid; the closed baseline closes the rest', async () => {
    const date = moscowDate(Date.now() + 2 * 86_400_000);
    const cell = (
      await control(emulator, `/sellers/${seller.sellerId}/acceptance/cells`, { warehouseId: 507, date, boxTypeId: 2, coefficient: 0 })
    ).json;
    expect(cell).toEqual({ warehouseId: 507, date, boxTypeId: 2, coefficient: 0, allowUnload: true });
    expect(await control(emulator, `/sellers/${seller.sellerId}/acceptance`, { baseline: 'closed' })).toMatchObject({ status: 200 });
    const grid = (await call(emulator, seller.token, 'common', `${COEFFICIENTS}?warehouseIDs=507`)).json as unknown as Record<
      string,
      any
    >[];
    const open = grid.filter((item) => item.coefficient !== -1);
    expect(open).toEqual([expect.objectContaining({ date: `${date}T00:00:00Z`, boxTypeID: 2, coefficient: 0, allowUnload: true })]);
    expect(
      (await control(emulator, `/sellers/${seller.sellerId}/acceptance/cells`, { warehouseId: 507, date, boxTypeId: 3, coefficient: 0 }))
        .status,
    ).toBe(400);
  });

  it('the disabled mode answers both calls 404 in the supplies error body, and back', async () => {
    await control(emulator, `/sellers/${seller.sellerId}/acceptance`, { disabled: true });
    for (const [scope, path] of [
      ['common', COEFFICIENTS],
      ['supplies', WAREHOUSES],
    ]) {
      const response = await call(emulator, seller.token, scope, path);
      expect(response.status).toBe(404);
      expect(response.json).toMatchObject({ title: 'not found', origin: 'supply-api', status: 404 });
    }
    await control(emulator, `/sellers/${seller.sellerId}/acceptance`, { disabled: false });
    expect((await call(emulator, seller.token, 'supplies', WAREHOUSES)).status).toBe(200);
  });
});

if (!openApiAvailable) console.log(`Acceptance conformance skipped: the marketplace OpenAPI files are not at ${OPENAPI_DIR}.`);

describe.skipIf(!openApiAvailable)('acceptance answers conform to the 2026-08 OpenAPI files', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;
  let tariffs: OpenApiContract;
  let supplies: OpenApiContract;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 12, cards: 5 });
    tariffs = new OpenApiContract('wb-tariffs.json', AUGUST_SNAPSHOT);
    supplies = new OpenApiContract('orders-fbw.json', AUGUST_SNAPSHOT);
  });
  afterAll(() => emulator.close());

  it('the item validators reject items of the wrong shape (so a pass means something)', () => {
    const coefficients = tariffs.arrayResponse(COEFFICIENTS, 'get', '200', 'models.AcceptanceCoefficient');
    expect(coefficients([{ coefficient: 'free', warehouseID: 1.5 }])).toBe(false);
    const warehouses = supplies.arrayResponse(WAREHOUSES, 'get', '200', 'models.WarehousesResultItems');
    expect(warehouses([{ ID: '507', isActive: 'yes' }])).toBe(false);
  });

  it('coefficients 200 and 400, warehouses 200, and the disabled answer in the error model', async () => {
    const ok = tariffs.arrayResponse(COEFFICIENTS, 'get', '200', 'models.AcceptanceCoefficient');
    const grid = await call(emulator, seller.token, 'common', COEFFICIENTS);
    expect(ok(grid.json), describeErrors(ok)).toBe(true);
    const bad = tariffs.response(COEFFICIENTS, 'get', '400');
    expect(bad((await call(emulator, seller.token, 'common', `${COEFFICIENTS}?warehouseIDs=x`)).json), describeErrors(bad)).toBe(true);
    const list = supplies.arrayResponse(WAREHOUSES, 'get', '200', 'models.WarehousesResultItems');
    expect(list((await call(emulator, seller.token, 'supplies', WAREHOUSES)).json), describeErrors(list)).toBe(true);

    // The 404 has no body in the files: the disabled answer is checked against the calls' own error model.
    await control(emulator, `/sellers/${seller.sellerId}/acceptance`, { disabled: true });
    const errorModel = tariffs.component('models.ErrorModel');
    const off = await call(emulator, seller.token, 'common', COEFFICIENTS);
    expect(off.status).toBe(404);
    expect(errorModel(off.json), describeErrors(errorModel)).toBe(true);
  });
});
