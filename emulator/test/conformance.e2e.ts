import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunningEmulator } from '../src/emulator';
import { describeErrors, OPENAPI_DIR, OpenApiContract, openApiAvailable } from './openapi-contract';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

if (!openApiAvailable) console.log(`Conformance tests skipped: the marketplace OpenAPI files are not at ${OPENAPI_DIR} (set MP_OPENAPI_DIR).`);

describe.skipIf(!openApiAvailable)('emulator answers conform to the marketplace OpenAPI files', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;
  let general: OpenApiContract;
  let items: OpenApiContract;

  beforeAll(async () => {
    emulator = await startEmulator();
    seller = await createSeller(emulator, { seed: 7, cards: 300 });
    general = new OpenApiContract('01-general.yaml');
    items = new OpenApiContract('02-items.yaml');
  });
  afterAll(() => emulator.close());

  it('GET /ping 200', async () => {
    const validate = general.response('/ping', 'get', '200');
    const response = await call(emulator, seller.token, 'common', '/ping');
    expect(validate(response.json), describeErrors(validate)).toBe(true);
  });

  it('401 and 429 use the common problem body', async () => {
    const unauthorized = general.response('/ping', 'get', '401', 'application/problem+json');
    expect(unauthorized((await call(emulator, 'a.b.c', 'common', '/ping')).json), describeErrors(unauthorized)).toBe(true);
    const limited = general.response('/ping', 'get', '429', 'application/problem+json');
    let response = await call(emulator, seller.token, 'content', '/ping');
    while (response.status !== 429) response = await call(emulator, seller.token, 'content', '/ping');
    expect(limited(response.json), describeErrors(limited)).toBe(true);
  });

  it('POST /content/v2/get/cards/list 200, including cards with and without photos and sizes', async () => {
    const validate = items.response('/content/v2/get/cards/list', 'post', '200');
    const response = await call(emulator, seller.token, 'content', '/content/v2/get/cards/list', { method: 'POST', body: { settings: { cursor: { limit: 100 } } } });
    expect(response.json.cards).toHaveLength(100);
    expect(validate(response.json), describeErrors(validate)).toBe(true);
  });

  it('POST /content/v2/get/cards/list 400', async () => {
    const validate = items.response('/content/v2/get/cards/list', 'post', '400');
    const response = await call(emulator, seller.token, 'content', '/content/v2/get/cards/list', { method: 'POST', body: { settings: { cursor: { limit: 1000 } } } });
    expect(response.status).toBe(400);
    expect(validate(response.json), describeErrors(validate)).toBe(true);
  });
});
