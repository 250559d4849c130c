import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { AUGUST_SNAPSHOT, describeErrors, OPENAPI_DIR, openApiAvailable, OpenApiContract } from './openapi-contract';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

if (!openApiAvailable)
  console.log(`Conformance tests skipped: the marketplace OpenAPI files are not at ${OPENAPI_DIR} (set MP_OPENAPI_DIR).`);

describe.skipIf(!openApiAvailable)('emulator answers conform to the marketplace OpenAPI files', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;
  let general: OpenApiContract;
  let items: OpenApiContract;
  let reports: OpenApiContract;
  let communications: OpenApiContract;
  let finances: OpenApiContract;
  let promotion: OpenApiContract;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 7, cards: 300, ordersPerDay: 20, orderDays: 30 });
    general = new OpenApiContract('01-general.yaml');
    items = new OpenApiContract('02-items.yaml');
    reports = new OpenApiContract('12-reports.yaml');
    communications = new OpenApiContract('09-communications.yaml');
    finances = new OpenApiContract('13-finances.yaml');
    promotion = new OpenApiContract('08-promotion.yaml');
  });
  afterAll(() => emulator.close());

  it('the validators reject bodies of the wrong shape (so a pass means something)', () => {
    expect(general.response('/ping', 'get', '200')({ TS: 1, Status: 'DOWN' })).toBe(false);
    expect(items.response('/content/v2/get/cards/list', 'post', '200')({ cards: [{ nmID: 'x' }], cursor: { total: 'many' } })).toBe(false);
    expect(
      items.response(
        '/api/v2/list/goods/filter',
        'get',
        '200',
      )({ data: { listGoods: [{ nmID: 'x', sizes: 'none' }] }, error: 'no', errorText: 1 }),
    ).toBe(false);
  });

  it('GET /ping 200', async () => {
    const validate = general.response('/ping', 'get', '200');
    const response = await call(emulator, seller.token, 'common', '/ping');
    expect(validate(response.json), describeErrors(validate)).toBe(true);
  });

  it('401 and 429 use the common problem body', async () => {
    const unauthorized = general.response('/ping', 'get', '401', 'application/problem+json');
    expect(unauthorized((await call(emulator, 'a.b.c', 'common', '/ping')).json), describeErrors(unauthorized)).toBe(true);
    const limited = general.response('/ping', 'get', '429', 'application/problem+json');
    const withLimits = await startEmulator();
    try {
      const other = await createSeller(withLimits);
      let response = await call(withLimits, other.token, 'content', '/ping');
      while (response.status !== 429) response = await call(withLimits, other.token, 'content', '/ping');
      expect(limited(response.json), describeErrors(limited)).toBe(true);
    } finally {
      await withLimits.close();
    }
  });

  it('POST /content/v2/get/cards/list 200, including cards with and without photos and sizes', async () => {
    const validate = items.response('/content/v2/get/cards/list', 'post', '200');
    const response = await call(emulator, seller.token, 'content', '/content/v2/get/cards/list', {
      method: 'POST',
      body: { settings: { cursor: { limit: 100 } } },
    });
    expect(response.json.cards).toHaveLength(100);
    expect(validate(response.json), describeErrors(validate)).toBe(true);
  });

  it('prices: goods list 200 and 400, upload 200, 208 and 400, task status and details', async () => {
    const goodsOk = items.response('/api/v2/list/goods/filter', 'get', '200');
    const goods = await call(emulator, seller.token, 'prices', '/api/v2/list/goods/filter?limit=1000');
    expect(goods.json.data.listGoods.length).toBeGreaterThan(200);
    expect(goodsOk(goods.json), describeErrors(goodsOk)).toBe(true);
    const goodsBad = items.response('/api/v2/list/goods/filter', 'get', '400');
    expect(
      goodsBad((await call(emulator, seller.token, 'prices', '/api/v2/list/goods/filter?limit=5000')).json),
      describeErrors(goodsBad),
    ).toBe(true);

    const nmID = goods.json.data.listGoods[0].nmID;
    const body = { data: [{ nmID, price: 1500, discount: 20 }] };
    const accepted = await call(emulator, seller.token, 'prices', '/api/v2/upload/task', { method: 'POST', body });
    const uploadOk = items.response('/api/v2/upload/task', 'post', '200');
    expect(uploadOk(accepted.json), describeErrors(uploadOk)).toBe(true);
    const repeated = await call(emulator, seller.token, 'prices', '/api/v2/upload/task', { method: 'POST', body });
    expect(repeated.status).toBe(208);
    const uploadRepeat = items.response('/api/v2/upload/task', 'post', '208');
    expect(uploadRepeat(repeated.json), describeErrors(uploadRepeat)).toBe(true);
    const uploadBad = items.response('/api/v2/upload/task', 'post', '400');
    expect(
      uploadBad((await call(emulator, seller.token, 'prices', '/api/v2/upload/task', { method: 'POST', body: { data: [] } })).json),
      describeErrors(uploadBad),
    ).toBe(true);

    const id = accepted.json.data.id;
    const history = items.response('/api/v2/history/tasks', 'get', '200');
    expect(
      history((await call(emulator, seller.token, 'prices', `/api/v2/history/tasks?uploadID=${id}`)).json),
      describeErrors(history),
    ).toBe(true);
    const historyGoods = items.response('/api/v2/history/goods/task', 'get', '200');
    expect(
      historyGoods((await call(emulator, seller.token, 'prices', `/api/v2/history/goods/task?uploadID=${id}&limit=10`)).json),
      describeErrors(historyGoods),
    ).toBe(true);
  });

  it('statistics: orders and sales 200 (sales with returns), and the 400 shapes', async () => {
    const dateFrom = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    for (const feed of ['orders', 'sales']) {
      const path = `/api/v1/supplier/${feed}`;
      const rows = await call(emulator, seller.token, 'statistics', `${path}?dateFrom=${dateFrom}`);
      expect((rows.json as unknown as unknown[]).length).toBeGreaterThan(50);
      const validate = reports.response(path, 'get', '200');
      expect(validate(rows.json), describeErrors(validate)).toBe(true);
      const bad = reports.response(path, 'get', '400');
      for (const query of ['', '?dateFrom=soon']) {
        const response = await call(emulator, seller.token, 'statistics', `${path}${query}`);
        expect(bad(response.json), describeErrors(bad)).toBe(true);
      }
    }
  });

  it('feedbacks and questions: lists 200 (with answers and photos), question update 200, list 400', async () => {
    for (const [path, answered] of [
      ['/api/v1/feedbacks', 'true'],
      ['/api/v1/feedbacks', 'false'],
      ['/api/v1/questions', 'true'],
      ['/api/v1/questions', 'false'],
    ]) {
      const validate = communications.response(path, 'get', '200');
      const response = await call(emulator, seller.token, 'feedbacks', `${path}?isAnswered=${answered}&take=500&skip=0`);
      expect(validate(response.json), `${path} ${answered} ${describeErrors(validate)}`).toBe(true);
    }
    const question = (await call(emulator, seller.token, 'feedbacks', '/api/v1/questions?isAnswered=false&take=1&skip=0')).json.data
      .questions[0];
    const patched = await call(emulator, seller.token, 'feedbacks', '/api/v1/questions', {
      method: 'PATCH',
      body: { id: question.id, wasViewed: true },
    });
    const patchOk = communications.response('/api/v1/questions', 'patch', '200');
    expect(patchOk(patched.json), describeErrors(patchOk)).toBe(true);
    const listBad = communications.response('/api/v1/feedbacks', 'get', '400');
    expect(
      listBad((await call(emulator, seller.token, 'feedbacks', '/api/v1/feedbacks?take=1&skip=0')).json),
      describeErrors(listBad),
    ).toBe(true);
  });

  it('a feedback and a question by id: 200, answered or not, and 422 for an unknown id', async () => {
    for (const [list, one, field] of [
      ['/api/v1/feedbacks', '/api/v1/feedback', 'feedbacks'],
      ['/api/v1/questions', '/api/v1/question', 'questions'],
    ]) {
      const ok = communications.response(one, 'get', '200');
      for (const answered of ['true', 'false']) {
        const [item] = (await call(emulator, seller.token, 'feedbacks', `${list}?isAnswered=${answered}&take=1&skip=0`)).json.data[field];
        const response = await call(emulator, seller.token, 'feedbacks', `${one}?id=${item.id}`);
        expect(response.json.data).toEqual(item);
        expect(ok(response.json), `${one} ${answered} ${describeErrors(ok)}`).toBe(true);
      }
      const unknown = await call(emulator, seller.token, 'feedbacks', `${one}?id=AAAAAAAAAAAAAAAAAAAA`);
      expect(unknown.status).toBe(422);
      const refused = communications.response(one, 'get', '422');
      expect(refused(unknown.json), describeErrors(refused)).toBe(true);
    }
  });

  it('finance detailed report 200 and 400', async () => {
    const path = '/api/finance/v1/sales-reports/detailed';
    const dateFrom = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const rows = await call(emulator, seller.token, 'finance', path, {
      method: 'POST',
      body: { dateFrom, dateTo: new Date().toISOString().slice(0, 10), limit: 500 },
    });
    expect((rows.json as unknown as unknown[]).length).toBeGreaterThan(50);
    const validate = finances.response(path, 'post', '200');
    expect(validate(rows.json), describeErrors(validate)).toBe(true);
    const bad = finances.response(path, 'post', '400', 'application/problem+json');
    expect(
      bad((await call(emulator, seller.token, 'finance', path, { method: 'POST', body: { dateFrom } })).json),
      describeErrors(bad),
    ).toBe(true);
  });

  it('advert: count, adverts, fullstats, bids, minimum bids 200 and the 400 shapes', async () => {
    const get = (path: string) => call(emulator, seller.token, 'advert', path);
    const check = (path: string, method: string, status: string, body: unknown) => {
      const validate = promotion.response(path, method, status);
      expect(validate(body), `${method} ${path} ${status} ${describeErrors(validate)}`).toBe(true);
    };
    check('/adv/v1/promotion/count', 'get', '200', (await get('/adv/v1/promotion/count')).json);
    const adverts = (await get('/api/advert/v2/adverts')).json;
    check('/api/advert/v2/adverts', 'get', '200', adverts);
    const running = adverts.adverts
      .filter((campaign: { status: number }) => [7, 9, 11].includes(campaign.status))
      .map((campaign: { id: number }) => campaign.id);
    const end = new Date().toISOString().slice(0, 10);
    const begin = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    check(
      '/adv/v3/fullstats',
      'get',
      '200',
      (await get(`/adv/v3/fullstats?ids=${running.join(',')}&beginDate=${begin}&endDate=${end}`)).json,
    );
    check('/adv/v3/fullstats', 'get', '400', (await get('/adv/v3/fullstats?ids=x&beginDate=2026-01-01&endDate=2026-01-02')).json);
    const unified = adverts.adverts.find(
      (campaign: { status: number; bid_type: string }) => [4, 9, 11].includes(campaign.status) && campaign.bid_type === 'unified',
    );
    const bids = {
      bids: [{ advert_id: unified.id, nm_bids: [{ nm_id: unified.nm_settings[0].nm_id, bid_kopecks: 500, placement: 'combined' }] }],
    };
    check(
      '/api/advert/v1/bids',
      'patch',
      '200',
      (await call(emulator, seller.token, 'advert', '/api/advert/v1/bids', { method: 'PATCH', body: bids })).json,
    );
    const wrong = {
      bids: [{ advert_id: unified.id, nm_bids: [{ nm_id: unified.nm_settings[0].nm_id, bid_kopecks: 3, placement: 'combined' }] }],
    };
    check(
      '/api/advert/v1/bids',
      'patch',
      '400',
      (await call(emulator, seller.token, 'advert', '/api/advert/v1/bids', { method: 'PATCH', body: wrong })).json,
    );
    const minimums = { advert_id: unified.id, nm_ids: [unified.nm_settings[0].nm_id], payment_type: 'cpm', placement_types: ['combined'] };
    const minBids = (body: unknown) => call(emulator, seller.token, 'advert', '/api/advert/v1/bids/min', { method: 'POST', body });
    check('/api/advert/v1/bids/min', 'post', '200', (await minBids(minimums)).json);
    check('/api/advert/v1/bids/min', 'post', '400', (await minBids({ ...minimums, nm_ids: [1] })).json);
  });

  it('POST /content/v2/get/cards/list 400', async () => {
    const validate = items.response('/content/v2/get/cards/list', 'post', '400');
    const response = await call(emulator, seller.token, 'content', '/content/v2/get/cards/list', {
      method: 'POST',
      body: { settings: { cursor: { limit: 1000 } } },
    });
    expect(response.status).toBe(400);
    expect(validate(response.json), describeErrors(validate)).toBe(true);
  });

  it('content writes: card update 200 and 400, the error list with a batch, media save 200, 400 and 422', async () => {
    const check = (path: string, status: string, body: unknown) => {
      const validate = items.response(path, 'post', status);
      expect(validate(body), `${path} ${status}: ${describeErrors(validate)}`).toBe(true);
    };
    const content = (path: string, body: unknown) => call(emulator, seller.token, 'content', path, { method: 'POST', body });
    // The oldest card: the other checks read the newest ones.
    const [card] = (await content('/content/v2/get/cards/list', { settings: { sort: { ascending: true }, cursor: { limit: 1 } } })).json
      .cards;
    const item = { nmID: card.nmID, vendorCode: card.vendorCode, sizes: [{ chrtID: card.sizes[0].chrtID }] };
    const updated = await content('/content/v2/cards/update', [item]);
    expect(updated.status).toBe(200);
    check('/content/v2/cards/update', '200', updated.json);
    const refused = await content('/content/v2/cards/update', [{ ...item, nmID: 'x' }]);
    expect(refused.status).toBe(400);
    check('/content/v2/cards/update', '400', refused.json);

    await content('/content/v2/cards/update', [{ ...item, characteristics: [{ id: 1, value: ['x'] }] }]);
    const errors = await content('/content/v2/cards/error/list', { cursor: { limit: 10 } });
    expect(errors.json.data.items).toHaveLength(1);
    check('/content/v2/cards/error/list', '200', errors.json);

    const saved = await content('/content/v3/media/save', { nmId: card.nmID, data: [] });
    expect(saved.status).toBe(200);
    check('/content/v3/media/save', '200', saved.json);
    for (const [status, body] of [
      ['400', { nmId: card.nmID, data: 'x' }],
      ['422', { data: [] }],
    ] as const) {
      const answer = await content('/content/v3/media/save', body);
      expect(answer.status).toBe(Number(status));
      check('/content/v3/media/save', status, answer.json);
    }
  });

  it('stock: the stocks report (its AUG component), the remains task lifecycle, seller warehouses and their stock', async () => {
    const analytics = new OpenApiContract('analytics.json', AUGUST_SNAPSHOT);
    const inventory = analytics.component('InventoryWbResponse');
    const report = await call(emulator, seller.token, 'analytics', '/api/analytics/v1/stocks-report/wb-warehouses', {
      method: 'POST',
      body: { limit: 1000, offset: 0 },
    });
    expect(report.json.data.items.length).toBeGreaterThan(300);
    expect(inventory(report.json.data), describeErrors(inventory)).toBe(true);
    const badReport = analytics.component('ErrorObject400');
    const refused = await call(emulator, seller.token, 'analytics', '/api/analytics/v1/stocks-report/wb-warehouses', {
      method: 'POST',
      body: { limit: -1 },
    });
    expect(refused.status).toBe(400);
    expect(badReport(refused.json), describeErrors(badReport)).toBe(true);

    const created = await call(emulator, seller.token, 'analytics', '/api/v1/warehouse_remains?groupByBarcode=true&groupBySize=true');
    const createdOk = reports.response('/api/v1/warehouse_remains', 'get', '200');
    expect(createdOk(created.json), describeErrors(createdOk)).toBe(true);
    const taskPath = `/api/v1/warehouse_remains/tasks/${created.json.data.taskId}`;
    const statusOk = reports.response('/api/v1/warehouse_remains/tasks/{task_id}/status', 'get', '200');
    let status = await call(emulator, seller.token, 'analytics', `${taskPath}/status`);
    while (status.json.data.status !== 'done') {
      expect(statusOk(status.json), describeErrors(statusOk)).toBe(true);
      status = await call(emulator, seller.token, 'analytics', `${taskPath}/status`);
    }
    expect(statusOk(status.json), describeErrors(statusOk)).toBe(true);
    const downloadOk = reports.response('/api/v1/warehouse_remains/tasks/{task_id}/download', 'get', '200');
    const download = await call(emulator, seller.token, 'analytics', `${taskPath}/download`);
    expect(download.json.length).toBeGreaterThan(300);
    expect(downloadOk(download.json), describeErrors(downloadOk)).toBe(true);
    const unknownOk = reports.response('/api/v1/warehouse_remains/tasks/{task_id}/status', 'get', '404', 'application/problem+json');
    const unknown = await call(
      emulator,
      seller.token,
      'analytics',
      '/api/v1/warehouse_remains/tasks/11111111-2222-4333-8444-555555555555/status',
    );
    expect(unknown.status).toBe(404);
    expect(unknownOk(unknown.json), describeErrors(unknownOk)).toBe(true);

    const warehousesOk = items.response('/api/v3/warehouses', 'get', '200');
    const warehouses = await call(emulator, seller.token, 'marketplace', '/api/v3/warehouses');
    expect(warehouses.json.length).toBeGreaterThan(0);
    expect(warehousesOk(warehouses.json), describeErrors(warehousesOk)).toBe(true);
    const chrtIds = report.json.data.items.slice(0, 50).map((row: { chrtId: number }) => row.chrtId);
    const stocksOk = items.response('/api/v3/stocks/{warehouseId}', 'post', '200');
    const stocks = await call(emulator, seller.token, 'marketplace', `/api/v3/stocks/${warehouses.json[0].id}`, {
      method: 'POST',
      body: { chrtIds },
    });
    expect(stocks.json.stocks).toHaveLength(50);
    expect(stocksOk(stocks.json), describeErrors(stocksOk)).toBe(true);
    for (const [warehouse, body, code] of [
      [warehouses.json[0].id, { chrtIds: 'x' }, '400'],
      [1, { chrtIds }, '404'],
    ] as const) {
      const validate = items.response('/api/v3/stocks/{warehouseId}', 'post', code);
      const refusal = await call(emulator, seller.token, 'marketplace', `/api/v3/stocks/${warehouse}`, { method: 'POST', body });
      expect(refusal.status).toBe(Number(code));
      expect(validate(refusal.json), describeErrors(validate)).toBe(true);
    }
    // Reference 10.5: the write answers 204, a 409 array naming an unknown size, 400 and 404.
    const written = await call(emulator, seller.token, 'marketplace', `/api/v3/stocks/${warehouses.json[0].id}`, {
      method: 'PUT',
      body: { stocks: [{ chrtId: chrtIds[0], amount: 4 }] },
    });
    expect(written.status).toBe(204);
    for (const [warehouse, body, code] of [
      [warehouses.json[0].id, { stocks: [{ chrtId: 1, amount: 1 }] }, '409'],
      [warehouses.json[0].id, { stocks: 'x' }, '400'],
      [1, { stocks: [{ chrtId: chrtIds[0], amount: 1 }] }, '404'],
    ] as const) {
      const validate = items.response('/api/v3/stocks/{warehouseId}', 'put', code);
      const refusal = await call(emulator, seller.token, 'marketplace', `/api/v3/stocks/${warehouse}`, { method: 'PUT', body });
      expect(refusal.status).toBe(Number(code));
      expect(validate(refusal.json), describeErrors(validate)).toBe(true);
    }
  });
});
