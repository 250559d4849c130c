import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RunningEmulator } from '../src/emulator';
import { AUGUST_SNAPSHOT, describeErrors, OPENAPI_DIR, openApiAvailable, OpenApiContract, QueryParameter } from './openapi-contract';
import { call, createSeller, EmulatorSeller, startEmulator } from './support';

if (!openApiAvailable)
  console.log(`Request conformance tests skipped: the marketplace OpenAPI files are not at ${OPENAPI_DIR} (set MP_OPENAPI_DIR).`);

/** The seller's real ids, in place of the files' example values. */
interface SellerIds {
  nmID: number;
  uploadID: number;
  feedbackId: string;
  questionId: string;
  /** Campaigns in status 7, 9 or 11 (with statistics). */
  running: number[];
  /** A manual-bid campaign whose bids can change, and one of its products. */
  manual: { id: number; nmId: number };
  /** A campaign to pause (status 9) and one to start (status 4 or 11, with budget). */
  active: number;
  startable: number;
}

/** Query changes: a value replaces the parameter, undefined leaves it out. */
type Query = Record<string, string | undefined>;

interface RequestCase {
  file: string;
  /** The snapshot the file is in, when not the primary one (the supply files are in AUG only). */
  snapshot?: string;
  scope: string;
  method: 'get' | 'post' | 'patch';
  path: string;
  /** Parameters set over the file's examples. */
  query?: (ids: SellerIds) => Query;
  /** The file's example body adjusted to the seller. */
  body?: (example: any, ids: SellerIds) => unknown;
  badQueries?: Query[];
  badBodies?: (ids: SellerIds) => unknown[];
  /** The 400 body where the file documents none (reference 0.3). */
  referenceError?: Record<string, unknown>;
  /** Content type of the file's 400 body. */
  errorType?: string;
}

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const bid = (ids: SellerIds, change: Record<string, unknown> = {}) => ({
  nm_id: ids.manual.nmId,
  bid_kopecks: 250,
  placement: 'recommendations',
  ...change,
});
const bids = (ids: SellerIds, change: Record<string, unknown> = {}) => ({
  bids: [{ advert_id: ids.manual.id, nm_bids: [bid(ids)], ...change }],
});
const idQueries: Query[] = [{ id: undefined }, { id: 'first' }];

const taskQueries: Query[] = [{ uploadID: undefined }, { uploadID: 'last' }];
const goodsTaskQueries: Query[] = [...taskQueries, { limit: undefined }, { limit: 'all' }, { limit: '1001' }, { offset: '-1' }];
const listQueries: Query[] = [
  { isAnswered: undefined },
  { isAnswered: 'maybe' },
  { take: undefined },
  { take: 'many' },
  { skip: undefined },
  { skip: 'none' },
  { nmId: 'x' },
  { dateTo: 'today' },
];
const answerBodies = (ids: SellerIds) => [
  { text: 'Спасибо!' },
  { id: ids.feedbackId },
  { id: ids.feedbackId, text: 5 },
  { id: 7, text: 'Спасибо!' },
];

const CASES: RequestCase[] = [
  {
    file: '12-reports.yaml',
    scope: 'analytics',
    method: 'get',
    path: '/api/v1/warehouse_remains',
    badQueries: [{ groupByNm: 'maybe' }, { groupByBarcode: '1' }],
  },
  {
    file: '02-items.yaml',
    scope: 'content',
    method: 'post',
    path: '/content/v2/get/cards/list',
    body: (example, ids) => ({
      settings: {
        ...example.settings,
        filter: { ...example.settings.filter, textSearch: String(ids.nmID) },
        cursor: { ...example.settings.cursor, nmID: ids.nmID },
      },
    }),
    badBodies: () => [
      { settings: 'all' },
      { settings: { cursor: { limit: 'ten' } } },
      { settings: { cursor: { limit: 101 } } },
      { settings: { cursor: { nmID: '1' } } },
      { settings: { sort: { ascending: 'yes' } } },
      { settings: { filter: { withPhoto: 3 } } },
      { settings: { filter: { brands: 'EkkE' } } },
      { settings: { filter: { tagIDs: ['a'] } } },
    ],
  },
  {
    file: '02-items.yaml',
    scope: 'content',
    method: 'post',
    path: '/content/v2/cards/update',
    body: (_example, ids) => [{ nmID: ids.nmID, vendorCode: 'ART-1', title: 'Кружка', sizes: [{ skus: ['2000000000017'] }] }],
    badBodies: (ids) => [
      {},
      [{ nmID: String(ids.nmID), vendorCode: 'ART-1', sizes: [] }],
      [{ nmID: ids.nmID, vendorCode: 'ART-1' }],
      [{ nmID: ids.nmID, vendorCode: 'ART-1', title: 'к'.repeat(61), sizes: [] }],
      [{ nmID: ids.nmID, vendorCode: 'ART-1', characteristics: [{ id: 1 }], sizes: [] }],
      [{ nmID: ids.nmID, vendorCode: 'ART-1', sizes: [{ chrtID: 'first' }] }],
    ],
  },
  {
    file: '02-items.yaml',
    scope: 'content',
    method: 'post',
    path: '/content/v2/cards/error/list',
    body: (example) => example,
    badBodies: () => [
      { cursor: { limit: 101 } },
      { cursor: { limit: 'ten' } },
      { order: { ascending: 'yes' } },
      { cursor: { batchUUID: 1 } },
    ],
  },
  {
    file: '02-items.yaml',
    scope: 'content',
    method: 'post',
    path: '/content/v3/media/save',
    body: (example, ids) => ({ ...example, nmId: ids.nmID }),
    badBodies: (ids) => [
      { nmId: String(ids.nmID), data: [] },
      { nmId: ids.nmID, data: 'all' },
      { nmId: ids.nmID, data: [1] },
    ],
  },
  {
    file: '02-items.yaml',
    scope: 'prices',
    method: 'get',
    path: '/api/v2/list/goods/filter',
    query: (ids) => ({ filterNmID: String(ids.nmID) }),
    badQueries: [{ limit: undefined }, { limit: 'ten' }, { limit: '1001' }, { offset: '-1' }, { filterNmID: 'abc' }],
  },
  {
    file: '02-items.yaml',
    scope: 'prices',
    method: 'post',
    path: '/api/v2/upload/task',
    body: (example, ids) => ({ data: [{ ...example.data[0], nmID: ids.nmID }] }),
    badBodies: (ids) => [
      {},
      { data: 'all' },
      { data: [{ price: 999 }] },
      { data: [{ nmID: String(ids.nmID), price: 999 }] },
      { data: [{ nmID: ids.nmID, price: '999' }] },
      { data: [{ nmID: ids.nmID, discount: 30.5 }] },
    ],
  },
  ...(['buffer', 'history'] as const).flatMap((kind): RequestCase[] => [
    {
      file: '02-items.yaml',
      scope: 'prices',
      method: 'get',
      path: `/api/v2/${kind}/tasks`,
      query: (ids) => ({ uploadID: String(ids.uploadID) }),
      badQueries: taskQueries,
    },
    {
      file: '02-items.yaml',
      scope: 'prices',
      method: 'get',
      path: `/api/v2/${kind}/goods/task`,
      query: (ids) => ({ uploadID: String(ids.uploadID) }),
      badQueries: goodsTaskQueries,
    },
  ]),
  ...['orders', 'sales'].map((feed): RequestCase => ({
    file: '12-reports.yaml',
    scope: 'statistics',
    method: 'get',
    path: `/api/v1/supplier/${feed}`,
    query: () => ({ dateFrom: daysAgo(3), flag: '0' }),
    badQueries: [{ dateFrom: undefined }, { flag: 'yes' }],
  })),
  {
    file: '13-finances.yaml',
    scope: 'finance',
    method: 'post',
    path: '/api/finance/v1/sales-reports/detailed',
    body: (example) => ({ ...example, dateFrom: daysAgo(14), dateTo: daysAgo(0) }),
    errorType: 'application/problem+json',
    badBodies: () => [
      { dateTo: daysAgo(0) },
      { dateFrom: daysAgo(14) },
      { dateFrom: 20260317, dateTo: daysAgo(0) },
      { dateFrom: daysAgo(14), dateTo: daysAgo(0), limit: 100_001 },
      { dateFrom: daysAgo(14), dateTo: daysAgo(0), limit: 'all' },
      { dateFrom: daysAgo(14), dateTo: daysAgo(0), rrdId: 'last' },
      { dateFrom: daysAgo(14), dateTo: daysAgo(0), period: 'monthly' },
      { dateFrom: daysAgo(14), dateTo: daysAgo(0), fields: 'rrdId' },
      { dateFrom: daysAgo(14), dateTo: daysAgo(0), fields: [1] },
    ],
  },
  {
    file: '09-communications.yaml',
    scope: 'feedbacks',
    method: 'get',
    path: '/api/v1/feedbacks',
    query: (ids) => ({
      nmId: String(ids.nmID),
      order: 'dateAsc',
      dateFrom: String(Math.floor((Date.now() - 90 * DAY_MS) / 1000)),
      dateTo: String(Math.floor(Date.now() / 1000)),
    }),
    badQueries: [...listQueries, { order: 'newest' }],
  },
  {
    file: '09-communications.yaml',
    scope: 'feedbacks',
    method: 'get',
    path: '/api/v1/questions',
    // The file lets dateFrom be empty.
    query: (ids) => ({
      isAnswered: 'false',
      take: '10',
      skip: '0',
      nmId: String(ids.nmID),
      dateFrom: '',
      dateTo: String(Math.floor(Date.now() / 1000)),
    }),
    badQueries: listQueries,
  },
  ...(['feedback', 'question'] as const).map((kind): RequestCase => ({
    file: '09-communications.yaml',
    scope: 'feedbacks',
    method: 'get',
    path: `/api/v1/${kind}`,
    query: (ids) => ({ id: kind === 'feedback' ? ids.feedbackId : ids.questionId }),
    badQueries: [{ id: undefined }],
    // The file documents no 400 of these calls: the body of its wrong-id example (RequestIDErr400).
    referenceError: { data: null, error: true, errorText: 'Неправильный id в запросе' },
  })),
  {
    file: '09-communications.yaml',
    scope: 'feedbacks',
    method: 'post',
    path: '/api/v1/feedbacks/answer',
    body: (example, ids) => ({ ...example, id: ids.feedbackId }),
    badBodies: answerBodies,
  },
  {
    file: '09-communications.yaml',
    scope: 'feedbacks',
    method: 'patch',
    path: '/api/v1/feedbacks/answer',
    body: (example, ids) => ({ ...example, id: ids.feedbackId }),
    badBodies: answerBodies,
    referenceError: { title: 'bad request', origin: 'fbapi', requestId: expect.any(String), detail: expect.any(String) },
  },
  {
    file: '09-communications.yaml',
    scope: 'feedbacks',
    method: 'patch',
    path: '/api/v1/questions',
    body: (example, ids) => ({ ...example, id: ids.questionId }),
    badBodies: (ids) => [
      { wasViewed: true },
      { id: 5, wasViewed: true },
      { id: ids.questionId, wasViewed: 'yes' },
      { id: ids.questionId, answer: { text: 'текст ответа' } },
      { id: ids.questionId, state: 'none' },
      { id: ids.questionId, answer: {}, state: 'none' },
      { id: ids.questionId, answer: { text: 7 }, state: 'wbRu' },
      { id: ids.questionId, wasViewed: true, answer: { text: 'текст ответа' }, state: 'wbRu' },
    ],
  },
  { file: '08-promotion.yaml', scope: 'advert', method: 'get', path: '/adv/v1/promotion/count' },
  {
    file: '08-promotion.yaml',
    scope: 'advert',
    method: 'get',
    path: '/api/advert/v2/adverts',
    query: (ids) => ({ ids: ids.running.join(','), statuses: '7,9,11', payment_type: 'cpm' }),
    badQueries: [{ payment_type: 'cash' }],
  },
  {
    file: '08-promotion.yaml',
    scope: 'advert',
    method: 'get',
    path: '/adv/v3/fullstats',
    query: (ids) => ({ ids: ids.running.join(','), beginDate: daysAgo(7), endDate: daysAgo(0) }),
    badQueries: [{ ids: undefined }, { beginDate: undefined }, { endDate: undefined }],
  },
  {
    file: '08-promotion.yaml',
    scope: 'advert',
    method: 'patch',
    path: '/api/advert/v1/bids',
    body: (example, ids) => ({
      bids: [{ ...example.bids[0], advert_id: ids.manual.id, nm_bids: [{ ...example.bids[0].nm_bids[0], nm_id: ids.manual.nmId }] }],
    }),
    badBodies: (ids) => [
      {},
      { bids: 'all' },
      { bids: Array.from({ length: 51 }, () => bids(ids).bids[0]) },
      bids(ids, { advert_id: String(ids.manual.id) }),
      bids(ids, { nm_bids: undefined }),
      bids(ids, { nm_bids: Array.from({ length: 51 }, () => bid(ids)) }),
      bids(ids, { nm_bids: [bid(ids, { bid_kopecks: '250' })] }),
      bids(ids, { nm_bids: [bid(ids, { placement: 'everywhere' })] }),
      bids(ids, { nm_bids: [bid(ids, { placement: undefined })] }),
    ],
  },
  {
    file: '08-promotion.yaml',
    scope: 'advert',
    method: 'post',
    path: '/api/advert/v1/bids/min',
    body: (example, ids) => ({ ...example, advert_id: ids.manual.id, nm_ids: [ids.manual.nmId] }),
    badBodies: (ids) => {
      const body = { advert_id: ids.manual.id, nm_ids: [ids.manual.nmId], payment_type: 'cpm', placement_types: ['search'] };
      return [
        {},
        { ...body, advert_id: String(ids.manual.id) },
        { ...body, nm_ids: 'all' },
        { ...body, nm_ids: [String(ids.manual.nmId)] },
        { ...body, payment_type: 'cash' },
        { ...body, placement_types: ['recommendations'] },
        { ...body, placement_types: undefined },
      ];
    },
  },
  {
    file: '08-promotion.yaml',
    scope: 'advert',
    method: 'get',
    path: '/adv/v0/pause',
    query: (ids) => ({ id: String(ids.active) }),
    badQueries: idQueries,
  },
  {
    file: '08-promotion.yaml',
    scope: 'advert',
    method: 'get',
    path: '/adv/v0/start',
    query: (ids) => ({ id: String(ids.startable) }),
    badQueries: idQueries,
  },
  {
    file: '08-promotion.yaml',
    scope: 'advert',
    method: 'get',
    path: '/adv/v1/budget',
    query: (ids) => ({ id: String(ids.active) }),
    badQueries: idQueries,
    errorType: 'text/plain',
  },
  {
    file: 'wb-tariffs.json',
    snapshot: AUGUST_SNAPSHOT,
    scope: 'common',
    method: 'get',
    path: '/api/tariffs/v1/acceptance/coefficients',
  },
  { file: 'orders-fbw.json', snapshot: AUGUST_SNAPSHOT, scope: 'supplies', method: 'get', path: '/api/v1/warehouses' },
  ...['/api/v1/tariffs/box', '/api/v1/tariffs/pallet'].map((path): RequestCase => ({
    file: 'wb-tariffs.json',
    snapshot: AUGUST_SNAPSHOT,
    scope: 'common',
    method: 'get',
    path,
    badQueries: [{ date: undefined }],
    errorType: 'application/problem+json',
  })),
];

/** The file's parameter examples with the changes applied (undefined leaves a parameter out). */
function queryOf(parameters: QueryParameter[], changes: Query): Record<string, string> {
  const examples = Object.fromEntries(
    parameters.filter((parameter) => parameter.example !== undefined).map((parameter) => [parameter.name, String(parameter.example)]),
  );
  return Object.fromEntries(
    Object.entries({ ...examples, ...changes }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

describe.skipIf(!openApiAvailable)('emulator request checks follow the marketplace OpenAPI request schemas', () => {
  let emulator: RunningEmulator;
  let seller: EmulatorSeller;
  let ids: SellerIds;
  const contracts = new Map<string, OpenApiContract>();
  const contract = (file: string, snapshot?: string) =>
    contracts.get(file) ?? contracts.set(file, snapshot ? new OpenApiContract(file, snapshot) : new OpenApiContract(file)).get(file)!;

  beforeAll(async () => {
    emulator = await startEmulator({ limits: false });
    seller = await createSeller(emulator, { seed: 11, cards: 200, ordersPerDay: 10, orderDays: 20, campaigns: 24 });
    const get = async (scope: string, path: string) => (await call(emulator, seller.token, scope, path)).json;
    const nmID = (await get('prices', '/api/v2/list/goods/filter?limit=1')).data.listGoods[0].nmID;
    const upload = await call(emulator, seller.token, 'prices', '/api/v2/upload/task', {
      method: 'POST',
      body: { data: [{ nmID, discount: 15 }] },
    });
    const adverts: { id: number; status: number; bid_type: string; nm_settings: { nm_id: number }[] }[] = (
      await get('advert', '/api/advert/v2/adverts')
    ).adverts;
    const manual = adverts.find((campaign) => campaign.bid_type === 'manual' && [4, 9, 11].includes(campaign.status))!;
    const active = adverts.filter((campaign) => campaign.status === 9);
    const withBudget = await Promise.all(
      adverts.map(async (campaign) => ({ campaign, total: (await get('advert', `/adv/v1/budget?id=${campaign.id}`)).total as number })),
    );
    ids = {
      nmID,
      uploadID: upload.json.data.id,
      feedbackId: (await get('feedbacks', '/api/v1/feedbacks?isAnswered=false&take=1&skip=0')).data.feedbacks[0].id,
      questionId: (await get('feedbacks', '/api/v1/questions?isAnswered=false&take=1&skip=0')).data.questions[0].id,
      running: adverts.filter((campaign) => [7, 9, 11].includes(campaign.status)).map((campaign) => campaign.id),
      manual: { id: manual.id, nmId: manual.nm_settings[0].nm_id },
      active: active[active.length - 1].id,
      startable: withBudget.find(({ campaign, total }) => [4, 11].includes(campaign.status) && total > 0)!.campaign.id,
    };
  });
  afterAll(() => emulator.close());

  it('the request validators reject requests of the wrong shape (so a pass means something)', () => {
    const promotion = contract('08-promotion.yaml');
    const communications = contract('09-communications.yaml');
    expect(promotion.requestBody('/api/advert/v1/bids', 'patch')({ bids: [{ advert_id: 'x', nm_bids: [] }] })).toBe(false);
    expect(
      promotion.requestBody(
        '/api/advert/v1/bids',
        'patch',
      )({ bids: [{ advert_id: 1, nm_bids: [{ nm_id: 2, bid_kopecks: 250, placement: 'search' }] }] }),
    ).toBe(true);
    expect(contract('12-reports.yaml').parameters('/api/v1/supplier/orders', 'get')({ flag: '0' })).toBe(false);
    expect(communications.parameters('/api/v1/feedbacks', 'get')({ isAnswered: 'maybe', take: '1', skip: '0' })).toBe(false);
    expect(communications.parameters('/api/v1/feedbacks', 'get')({ isAnswered: 'true', take: '1', skip: '0' })).toBe(true);
    expect(
      communications.requestBody('/api/v1/questions', 'patch')({ id: 'q', wasViewed: true, answer: { text: 'both' }, state: 'none' }),
    ).toBe(false);
  });

  it.each(CASES)('$method $path: a request the schema accepts is served, malformed ones get the 400', async (testCase) => {
    const { file, scope, method, path } = testCase;
    const operation = `${method.toUpperCase()} ${path}`;
    const validQuery = contract(file, testCase.snapshot).parameters(path, method);
    const query = queryOf(validQuery.parameters, testCase.query?.(ids) ?? {});
    const validBody = testCase.body ? contract(file).requestBody(path, method) : null;
    const bodies = testCase.body
      ? contract(file)
          .requestExamples(path, method)
          .map((example) => testCase.body!(example, ids))
      : [undefined];
    const send = (sentQuery: Record<string, string>, body: unknown) => {
      const search = new URLSearchParams(sentQuery).toString();
      return call(emulator, seller.token, scope, `${path}${search ? `?${search}` : ''}`, { method: method.toUpperCase(), body });
    };

    expect(validQuery(query), `${operation} ${JSON.stringify(query)}: ${describeErrors(validQuery)}`).toBe(true);
    for (const body of bodies) {
      if (validBody) expect(validBody(body), `${operation} ${JSON.stringify(body)}: ${describeErrors(validBody)}`).toBe(true);
      const response = await send(query, body);
      expect(
        [200, 204, 208],
        `${operation} ${JSON.stringify(query)} ${JSON.stringify(body)}: ${response.status} ${response.text.slice(0, 300)}`,
      ).toContain(response.status);
    }

    const expectBadRequest = async (sentQuery: Record<string, string>, body: unknown) => {
      const response = await send(sentQuery, body);
      const what = `${operation} ${JSON.stringify(sentQuery)} ${JSON.stringify(body)}`;
      expect(response.status, `${what}: ${response.text.slice(0, 300)}`).toBe(400);
      if (testCase.referenceError) return expect(response.json, what).toMatchObject(testCase.referenceError);
      const errorType = testCase.errorType ?? 'application/json';
      const validate = contract(file).response(path, method, '400', errorType);
      expect(validate(errorType.startsWith('text/') ? response.text : response.json), `${what}: ${describeErrors(validate)}`).toBe(true);
    };
    for (const changes of testCase.badQueries ?? []) {
      const bad = queryOf(validQuery.parameters, { ...testCase.query?.(ids), ...changes });
      expect(validQuery(bad), `${operation} ${JSON.stringify(bad)} should be invalid`).toBe(false);
      await expectBadRequest(bad, bodies[0]);
    }
    for (const body of testCase.badBodies?.(ids) ?? []) {
      expect(validBody!(body), `${operation} ${JSON.stringify(body)} should be invalid`).toBe(false);
      await expectBadRequest(query, body);
    }
  });
});
