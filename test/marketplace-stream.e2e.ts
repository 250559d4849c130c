import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { itemText } from '../src/marketplace/client/json-array-batches';
import { MarketplaceClient, STREAM_BATCH_BYTES, StreamedBatch } from '../src/marketplace/client/marketplace-client';
import { SupplierOrder, supplierOrders } from '../src/marketplace/endpoints/statistics';
import { IMPORT_ENV } from './support/digitization';
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

const IDLE_TIMEOUT_MS = 1000;
/** The whole of a streamed answer: the orders pages of these tests (about 3.5 MB) come well within it. */
const STREAM_TIMEOUT_MS = 4000;
const MAX_STREAM_BYTES = 6 * 1024 * 1024;

describe('a marketplace answer read as a stream', () => {
  const logs = captureLogs();
  let emulator: RunningEmulator;
  let t: TestApp;
  let client: MarketplaceClient;
  let account: EmulatedAccount;
  const query = { dateFrom: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), flag: 0 as const };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, limits: false });
    // The orders feed allows a burst of 10 calls, then one a minute: windows 100 times shorter let every test call it.
    const env = {
      MP_API_BASE_URL: emulator.url,
      MP_API_RETRY_BASE_MS: '20',
      MP_API_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      MP_API_STREAM_TIMEOUT_MS: String(STREAM_TIMEOUT_MS),
      MP_API_MAX_STREAM_BYTES: String(MAX_STREAM_BYTES),
      ...IMPORT_ENV,
    };
    t = await startTestApp({ env, rootLogger: logs.rootLogger });
    client = t.app.get(MarketplaceClient);
    account = await emulatedAccount(t, emulator, { seed: 7, cards: 50, ordersPerDay: 400, orderDays: 12 });
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });
  afterEach(() => emulator.context.faults.clear());

  it('hands over every item of the answer, in order, in batches of whole items with their own JSON', async () => {
    const whole = (await client.call(supplierOrders, { accountId: account.accountId }, query)).body;
    const batches: StreamedBatch<SupplierOrder>[] = [];
    const answer = await client.stream(supplierOrders, { accountId: account.accountId }, query, async (batch) => {
      batches.push(batch);
    });
    expect(answer).toMatchObject({ status: 200, items: whole.length, attempts: 1 });
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flatMap((batch) => batch.pick().items)).toEqual(whole);
    for (const batch of batches) {
      const { items } = batch.pick();
      expect(batch.count).toBe(items.length);
      expect(JSON.parse(batch.json.toString('utf8'))).toEqual(items);
      expect(items.map((_, index) => JSON.parse(itemText(batch, index).toString('utf8')))).toEqual(items);
      const picked = batch.pick([batch.count - 1, 0]);
      expect(picked.items).toEqual([items[batch.count - 1], items[0]]);
      expect(JSON.parse(picked.json.toString('utf8'))).toEqual(picked.items);
    }
    expect(batches.slice(0, -1).every((batch) => batch.json.length >= STREAM_BATCH_BYTES)).toBe(true);
  });

  it('a picked item of another shape: 502 MP_UNAVAILABLE, not retried, logged with where it does not fit and without the body', async () => {
    const secret = 'строка-ответа-не-попадает-в-журнал';
    const [item] = await client.call(supplierOrders, { accountId: account.accountId }, query).then((answer) => answer.body);
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, status: 200, body: [item, { srid: secret }], times: 1 }]);
    const before = callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path).length;
    const error = await callFailure(
      client.stream(supplierOrders, { accountId: account.accountId }, query, async (batch) => {
        expect(batch.pick([0]).items).toEqual([item]);
        batch.pick([1]);
      }),
    );
    expect(error).toMatchObject({ code: 'MP_UNAVAILABLE', status: 502, curable: false, failure: { scope: 'statistics', mpStatus: 200 } });
    expect(callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path).length).toBe(before + 1);
    const line = logs.lines.find((candidate) => candidate.includes('marketplace answer malformed') && candidate.includes('body[1]'));
    expect(JSON.parse(line!)).toMatchObject({ scope: 'statistics', problem: 'body[1].date: expected a string' });
    expect(logs.lines.join('\n')).not.toContain(secret);
  });

  it('an item that is not JSON, once picked: 502 MP_UNAVAILABLE', async () => {
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, status: 200, body: '[{"srid": tru}]', times: 1 }]);
    const error = await callFailure(
      client.stream(supplierOrders, { accountId: account.accountId }, query, async (batch) => void batch.pick()),
    );
    expect(error).toMatchObject({ code: 'MP_UNAVAILABLE', status: 502, curable: false });
  });

  it('an answer that is not an array: 502 MP_UNAVAILABLE, not retried', async () => {
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, status: 200, body: { errors: [] }, times: 1 }]);
    const error = await callFailure(client.stream(supplierOrders, { accountId: account.accountId }, query, async () => undefined));
    expect(error).toMatchObject({ code: 'MP_UNAVAILABLE', curable: false });
  });

  it('a body that stops coming: 502 MP_UNAVAILABLE after MP_API_TIMEOUT_MS without bytes, curable, and not retried', async () => {
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, mode: 'stall', body: '[{"srid": "a"', times: 1 }]);
    const before = callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path).length;
    const startedAt = Date.now();
    const error = await callFailure(client.stream(supplierOrders, { accountId: account.accountId }, query, async () => undefined));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(IDLE_TIMEOUT_MS - 50);
    expect(error).toMatchObject({ code: 'MP_UNAVAILABLE', curable: true, failure: { mpStatus: null } });
    expect(callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path).length).toBe(before + 1);
  });

  it('a reader that takes longer than MP_API_TIMEOUT_MS over each batch still gets the whole answer', async () => {
    const whole = (await client.call(supplierOrders, { accountId: account.accountId }, query)).body;
    let handed = 0;
    const answer = await client.stream(supplierOrders, { accountId: account.accountId }, query, async (batch) => {
      handed += batch.count;
      await sleep(IDLE_TIMEOUT_MS * 1.5);
    });
    expect(answer.items).toBe(whole.length);
    expect(handed).toBe(whole.length);
  });

  it('a body that drips on and never ends: 502 MP_UNAVAILABLE after MP_API_STREAM_TIMEOUT_MS, curable, and not retried', async () => {
    // Every attempt: a first one whose headers come late under load would otherwise be retried into the real page.
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, mode: 'drip', times: 3 }]);
    const before = callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path).length;
    const startedAt = Date.now();
    const error = await callFailure(client.stream(supplierOrders, { accountId: account.accountId }, query, async () => undefined));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(STREAM_TIMEOUT_MS - 50);
    expect(error).toMatchObject({ code: 'MP_UNAVAILABLE', curable: true, failure: { mpStatus: null } });
    expect(callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path).length).toBe(before + 1);
  });

  it('an answer past MP_API_MAX_STREAM_BYTES: 502 MP_UNAVAILABLE, not curable, and read no further', async () => {
    const item = JSON.stringify({ srid: 'x'.repeat(1000) });
    const items = Math.ceil((MAX_STREAM_BYTES * 1.5) / item.length);
    injectFaults(emulator, [
      { scope: 'statistics', path: supplierOrders.path, status: 200, body: `[${Array(items).fill(item).join(',')}]`, times: 3 },
    ]);
    let handed = 0;
    const error = await callFailure(
      client.stream(supplierOrders, { accountId: account.accountId }, query, async (batch) => {
        handed += batch.count;
      }),
    );
    expect(error).toMatchObject({
      code: 'MP_UNAVAILABLE',
      curable: false,
      message: 'Маркетплейс прислал слишком большой ответ, повторите позже',
    });
    expect(handed).toBeLessThan(items);
  });

  it('a failure of the receiver ends the call as it is, and the next call goes through', async () => {
    const refused = new Error('the receiver gave up');
    await expect(
      client.stream(supplierOrders, { accountId: account.accountId }, query, async () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
    const answer = await client.stream(supplierOrders, { accountId: account.accountId }, query, async () => undefined);
    expect(answer.items).toBeGreaterThan(0);
  });

  it('a rejected key before any byte: 502 MP_AUTH_FAILED as for call()', async () => {
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, status: 401, times: 1 }]);
    const error = await callFailure(client.stream(supplierOrders, { accountId: account.accountId }, query, async () => undefined));
    expect(error).toMatchObject({ code: 'MP_AUTH_FAILED' });
  });
});
