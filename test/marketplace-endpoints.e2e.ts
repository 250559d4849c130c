import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../src/marketplace/client/marketplace-errors';
import {
  adSpendHistory,
  adverts,
  bids,
  bidsMin,
  budget,
  fullstats,
  pause,
  promotionCount,
  start,
} from '../src/marketplace/endpoints/advert';
import { ping } from '../src/marketplace/endpoints/common';
import { cardsList } from '../src/marketplace/endpoints/content';
import {
  feedbackAnswer,
  feedbackById,
  feedbacksList,
  questionById,
  questionsList,
  questionUpdate,
} from '../src/marketplace/endpoints/feedbacks';
import {
  accountBalance,
  acquiringDetailsById,
  acquiringList,
  salesReportDetailed,
  salesReportDetailsById,
  salesReportsList,
} from '../src/marketplace/endpoints/finance';
import { goodsList, priceUpload } from '../src/marketplace/endpoints/prices';
import { supplierOrders, supplierSales } from '../src/marketplace/endpoints/statistics';
import { acceptanceCoefficients, fbwWarehouses } from '../src/marketplace/endpoints/supplies';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount, createUser } from './support/identity';
import { captureLogs } from './support/log-capture';
import {
  callFailure,
  callsOf,
  EmulatedAccount,
  emulatedAccount,
  injectFaults,
  RunningEmulator,
  startEmulator,
} from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';

const DAY_MS = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe('marketplace endpoints against the emulator', () => {
  let emulator: RunningEmulator;
  let t: TestApp;
  let client: MarketplaceClient;
  let account: EmulatedAccount;
  const logs = captureLogs();

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, limits: false });
    t = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, MP_API_RETRY_BASE_MS: '20' }, rootLogger: logs.rootLogger });
    client = t.app.get(MarketplaceClient);
    account = await emulatedAccount(t, emulator, { cards: 20, ordersPerDay: 5, orderDays: 10, feedbacks: 20, questions: 10, campaigns: 8 });
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });
  afterEach(() => emulator.context.faults.clear());

  const as = () => ({ accountId: account.accountId });

  it('the common, content and prices answers fit their definitions', async () => {
    expect((await client.call(ping, as())).body.Status).toBe('OK');
    const cards = (await client.call(cardsList, as(), { settings: { cursor: { limit: 5 } } })).body;
    expect(cards.cards).toHaveLength(5);
    const goods = (await client.call(goodsList, as(), { limit: 5 })).body.data.listGoods;
    expect(goods).toHaveLength(5);
    const upload = await client.call(priceUpload, as(), { data: [{ nmID: goods[0].nmID, price: goods[0].sizes[0].price + 10 }] });
    expect(upload).toMatchObject({ ok: true, status: 200, body: { data: { id: expect.any(Number) } } });
  });

  it('the statistics and finance answers fit their definitions', async () => {
    expect((await client.call(supplierOrders, as(), { dateFrom: day(5) })).body.length).toBeGreaterThan(0);
    expect((await client.call(supplierSales, as(), { dateFrom: day(5) })).body.length).toBeGreaterThan(0);
    const report = (await client.call(salesReportDetailed, as(), { dateFrom: day(9), dateTo: day(0), limit: 100 })).body;
    expect(report?.length).toBeGreaterThan(0);
  });

  it('the supply answers fit their definitions; a disabled call is 502 MP_UNAVAILABLE, asked once', async () => {
    const grid = (await client.call(acceptanceCoefficients, as(), { warehouseIDs: '507,117501' })).body;
    expect(grid).toHaveLength(2 * 14 * 3);
    expect(grid[0]).toMatchObject({ warehouseID: expect.any(Number), boxTypeID: expect.any(Number), allowUnload: expect.any(Boolean) });
    expect((await client.call(fbwWarehouses, as())).body).toContainEqual(expect.objectContaining({ ID: 507, name: 'Коледино' }));

    emulator.context.sellers.get(account.sellerId)!.acceptance.disabled = true;
    try {
      const before = callsOf(emulator, account.sellerId, 'common', acceptanceCoefficients.path).length;
      const failure = await callFailure(client.call(acceptanceCoefficients, as(), {}));
      expect(failure).toMatchObject({ code: 'MP_UNAVAILABLE', details: expect.objectContaining({ mpStatus: 404 }) });
      expect(callsOf(emulator, account.sellerId, 'common', acceptanceCoefficients.path)).toHaveLength(before + 1);
    } finally {
      emulator.context.sellers.get(account.sellerId)!.acceptance.disabled = false;
    }
  });

  it('report ids above 2^53 arrive exact, as strings, and page on from an exact rrdId', async () => {
    const shape = { seed: 5, cards: 20, ordersPerDay: 5, orderDays: 10 };
    const plain = await emulatedAccount(t, emulator, shape);
    const large = await emulatedAccount(t, emulator, { ...shape, largeReportIds: true });
    // The finance call allows one a minute per account: the next page goes through a second account of the same data.
    const sameData = await emulatedAccount(t, emulator, { ...shape, largeReportIds: true });
    const query = { dateFrom: day(9), dateTo: day(0), limit: 5 };
    const plainRows = (await client.call(salesReportDetailed, { accountId: plain.accountId }, query)).body!;
    const largeRows = (await client.call(salesReportDetailed, { accountId: large.accountId }, query)).body!;
    expect(largeRows.map((row) => row.reportId)).toEqual(plainRows.map((row) => String(BigInt(row.reportId) + 2n ** 60n)));
    expect(largeRows.map((row) => row.rrdId)).toEqual(plainRows.map((row) => row.rrdId));
    const next = (await client.call(salesReportDetailed, { accountId: sameData.accountId }, { ...query, rrdId: largeRows[3].rrdId })).body!;
    expect(next[0]).toMatchObject({ rrdId: largeRows[4].rrdId, reportId: largeRows[4].reportId });
  });

  it('the finance reports, acquiring, balance and ad spend answers fit their definitions; report ids stay exact', async () => {
    const shape = { seed: 6, cards: 20, ordersPerDay: 5, orderDays: 20, reportCosts: true, largeReportIds: true, campaigns: 4 };
    // Each finance call allows one a minute per account: every call of one kind goes through its own account of the same data.
    const accounts = await Promise.all(Array.from({ length: 3 }, () => emulatedAccount(t, emulator, shape)));
    const [first, second, third] = accounts.map((one) => ({ accountId: one.accountId }));
    const period = { dateFrom: day(19), dateTo: day(0) };
    const reports = (await client.call(salesReportsList, first, period)).body!;
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((report) => BigInt(report.reportId) > 2n ** 53n && /^-?\d+\.\d{2}$/.test(report.bankPaymentSum))).toBe(true);
    const rows = (await client.call(salesReportDetailsById, first, { reportId: reports[0].reportId, limit: 3 })).body!;
    expect(rows.map((row) => row.reportId)).toEqual(Array(rows.length).fill(reports[0].reportId));
    const next = (await client.call(salesReportDetailsById, second, { reportId: reports[0].reportId, limit: 1, rrdId: rows[1].rrdId }))
      .body!;
    expect(next[0].rrdId).toBe(rows[2].rrdId);

    const acquiring = (await client.call(acquiringList, first, period)).body!;
    const payments = (await client.call(acquiringDetailsById, first, { reportId: acquiring[0].reportId, limit: 2 })).body!;
    expect(payments.map((row) => row.reportId)).toEqual([acquiring[0].reportId, acquiring[0].reportId]);
    const balance = (await client.call(accountBalance, first)).body;
    expect(balance).toEqual({ currency: 'RUB', current: expect.any(Number), for_withdraw: expect.any(Number) });
    const charges = (await client.call(adSpendHistory, third, { from: day(6), to: day(0) })).body;
    expect(charges.length).toBeGreaterThan(0);
    expect(charges[0]).toMatchObject({ updSum: expect.any(Number), advertId: expect.any(Number), paymentType: expect.any(String) });
  });

  it('a Base token refused by the sales-reports list (403) is 502 MP_AUTH_FAILED naming the keys it takes, not retried', async () => {
    const base = await emulatedAccount(t, emulator, { seed: 6, cards: 20, ordersPerDay: 5, orderDays: 20, tokenType: 'base' });
    const failure = await callFailure(client.call(salesReportsList, { accountId: base.accountId }, { dateFrom: day(19), dateTo: day(0) }));
    expect(failure).toMatchObject({
      code: 'MP_AUTH_FAILED',
      message: expect.stringContaining('принимает только персональный или сервисный токен'),
      details: expect.objectContaining({ mpStatus: 403, tokenTypes: ['personal', 'service'] }),
    });
    expect(callsOf(emulator, base.sellerId, 'finance', salesReportsList.path)).toHaveLength(1);
  });

  it('a report id of 2^53 + 1 goes into the path with exactly its digits and comes back in the rows as that string', async () => {
    const reportId = '9007199254740993';
    const shape = { seed: 6, cards: 20, ordersPerDay: 5, orderDays: 20 };
    const source = await emulatedAccount(t, emulator, shape);
    const target = await emulatedAccount(t, emulator, shape);
    const listed = await fetch(`${emulator.url}/finance/api/finance/v1/sales-reports/list`, {
      method: 'POST',
      headers: { authorization: source.token, 'content-type': 'application/json' },
      body: JSON.stringify({ dateFrom: day(19), dateTo: day(0) }),
    });
    const [{ reportId: realId }] = (await listed.json()) as { reportId: number }[];
    const page = await fetch(`${emulator.url}/finance/api/finance/v1/sales-reports/detailed/${realId}`, {
      method: 'POST',
      headers: { authorization: source.token, 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 2 }),
    });
    // The emulator's report ids sit at 2^60 and up; this one answer carries the id of 2^53 + 1 in the real rows.
    const body = (await page.text()).replaceAll(`"reportId":${realId},`, `"reportId":${reportId},`);
    expect(body).toContain(`"reportId":${reportId},`);
    injectFaults(emulator, [
      { scope: 'finance', path: salesReportDetailsById.path, status: 200, body, headers: { 'content-type': 'application/json' }, times: 1 },
    ]);
    const rows = (await client.call(salesReportDetailsById, { accountId: target.accountId }, { reportId })).body!;
    expect(rows.map((row) => row.reportId)).toEqual([reportId, reportId]);
    const [sent] = callsOf(emulator, target.sellerId, 'finance', salesReportDetailsById.path);
    expect(sent.url).toBe(`/finance/api/finance/v1/sales-reports/detailed/${reportId}`);
  });

  it('the feedbacks answers fit their definitions, writes included', async () => {
    const feedbacks = (await client.call(feedbacksList, as(), { isAnswered: false, take: 20, skip: 0 })).body.data.feedbacks;
    expect(feedbacks.length).toBeGreaterThan(0);
    const questions = (await client.call(questionsList, as(), { isAnswered: false, take: 10, skip: 0 })).body.data.questions;
    expect(questions.length).toBeGreaterThan(0);
    expect((await client.call(feedbackAnswer, as(), { id: feedbacks[0].id, text: 'Спасибо за отзыв!' })).status).toBe(204);
    expect((await client.call(feedbackById, as(), { id: feedbacks[0].id })).body.data.answer?.text).toBe('Спасибо за отзыв!');
    expect((await client.call(questionById, as(), { id: questions[0].id })).body.data.id).toBe(questions[0].id);
    expect((await client.call(questionUpdate, as(), { id: questions[0].id, wasViewed: true })).body.error).toBe(false);
  });

  it('the advert answers fit their definitions, writes included', async () => {
    expect((await client.call(promotionCount, as())).body.all).toBe(8);
    const active = (await client.call(adverts, as(), { statuses: '9' })).body.adverts;
    const campaign = active[0];
    const stats = (await client.call(fullstats, as(), { ids: String(campaign.id), beginDate: day(6), endDate: day(0) })).body;
    expect(stats[0].advertId).toBe(campaign.id);
    const nm = campaign.nm_settings![0];
    const placement: 'combined' | 'search' = campaign.bid_type === 'unified' ? 'combined' : 'search';
    const bid = { advert_id: campaign.id, nm_bids: [{ nm_id: nm.nm_id, bid_kopecks: 500, placement }] };
    expect((await client.call(bids, as(), { bids: [bid] })).body.currency).toBe('RUB');
    const minimums = {
      advert_id: campaign.id,
      nm_ids: [nm.nm_id],
      payment_type: campaign.settings.payment_type,
      placement_types: ['search' as const],
    };
    expect((await client.call(bidsMin, as(), minimums)).body.bids).toEqual([
      { nm_id: nm.nm_id, bids: [{ type: 'search', value: expect.any(Number), currency: 'RUB' }] },
    ]);
    expect((await client.call(budget, as(), { id: campaign.id })).body.total).toEqual(expect.any(Number));
    expect((await client.call(pause, as(), { id: campaign.id })).status).toBe(200);
    expect((await client.call(start, as(), { id: campaign.id })).status).toBe(200);
  });

  it('a malformed answer is 502 MP_UNAVAILABLE, not retried, logged with where it does not fit and without the body', async () => {
    const secret = 'тело-ответа-не-попадает-в-журнал';
    injectFaults(emulator, [
      { scope: 'content', path: cardsList.path, status: 200, body: { cards: [{ nmID: secret }], cursor: {} }, times: 1 },
    ]);
    const error = await client.call(cardsList, as(), { settings: { cursor: { limit: 1 } } }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MarketplaceCallError);
    expect(error).toMatchObject({
      code: 'MP_UNAVAILABLE',
      status: 502,
      curable: false,
      failure: { scope: 'content', path: cardsList.path, mpStatus: 200 },
    });
    expect(callsOf(emulator, account.sellerId, 'content', cardsList.path).slice(-1)[0].status).toBe(200);
    const line = logs.lines.find(
      (candidate) => candidate.includes('marketplace answer malformed') && candidate.includes(account.accountId),
    );
    expect(JSON.parse(line!)).toMatchObject({
      scope: 'content',
      path: cardsList.path,
      mpStatus: 200,
      problem: 'body.cards[0].nmID: expected an integer',
    });
    expect(logs.lines.join('\n')).not.toContain(secret);
  });

  it('through a route: a malformed ping answers the key check with 502 MP_UNAVAILABLE', async () => {
    const owner = await createUser(t);
    const { token } = emulator.context.sellers.create({ cards: 1 });
    const accountId = await createAccount(t, owner.id, 'Кабинет', token.token);
    injectFaults(emulator, [{ scope: 'common', path: ping.path, status: 200, body: ['not', 'a', 'ping'], times: 1 }]);
    const response = await t.request({ method: 'POST', url: `/mp-accounts/${accountId}/check`, headers: owner.auth });
    expectErrorEnvelope(response, 502, 'MP_UNAVAILABLE');
    expect(response.json().details).toMatchObject({ scope: 'common', path: ping.path, mpStatus: 200 });
  });
});
