import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { mpOrders, mpSales, notifications } from '../src/database/schema';
import { supplierOrders, supplierSales } from '../src/marketplace/endpoints/statistics';
import { IMPORT_MESSAGES } from '../src/modules/digitization/imports/import-messages';
import { number } from '../src/shared/format';
import { endedImport, IMPORT_ENV, ImportAccount, importAccount, importStatus, startImport } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { createUser } from './support/identity';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service), { MP_API_RETRY_ATTEMPTS: '1', ...IMPORT_ENV });

const DATE_FROM = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

function importFeeds(account: ImportAccount): Promise<string> {
  return startImport(t, account.owner.auth, '/digitization/import', { mpAccountId: account.accountId, dateFrom: DATE_FROM });
}

async function rowsOf(accountId: string) {
  const [orders] = await db.select({ n: count() }).from(mpOrders).where(eq(mpOrders.mpAccountId, accountId));
  const kinds = await db
    .select({ kind: mpSales.kind, n: count() })
    .from(mpSales)
    .where(eq(mpSales.mpAccountId, accountId))
    .groupBy(mpSales.kind);
  const ofKind = (kind: string) => kinds.find((row) => row.kind === kind)?.n ?? 0;
  return { orders: orders.n, sale: ofKind('sale'), return: ofKind('return') };
}

async function noticesOf(userId: string) {
  return db
    .select({ type: notifications.type, body: notifications.body, payload: notifications.payload })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

describe('orders, sales and returns', () => {
  it('imports every row once, keeps returns apart, and a repeat import updates only what changed', async () => {
    const account = await importAccount(t, emulator);
    const first = await endedImport(t, account.owner.auth, await importFeeds(account));
    expect(first.state, JSON.stringify(first)).toBe('completed');
    const rows = await rowsOf(account.accountId);
    expect(rows.orders).toBeGreaterThan(50);
    expect(rows.sale).toBeGreaterThan(0);
    expect(rows.return).toBeGreaterThan(0);
    expect(first.totals).toEqual({
      orders: { inserted: rows.orders, updated: 0, unchanged: 0 },
      sales: { inserted: rows.sale + rows.return, updated: 0, unchanged: 0 },
    });
    expect(first.progress).toMatchObject({ phase: 'completed', attempt: 1, maxAttempts: 5 });
    const [saleKinds] = await db
      .execute<{ wrong: number }>(
        sql`select count(*)::int as wrong from mp_sales where mp_account_id = ${account.accountId}
        and ((kind = 'return') <> (sale_id like 'R%'))`,
      )
      .then((result) => result.rows);
    expect(saleKinds.wrong).toBe(0);

    // A retroactive change: the marketplace answers the first orders page again with one order's amount changed.
    const url = `${emulator.url}/statistics${supplierOrders.path}?dateFrom=${DATE_FROM}&flag=0`;
    const page = (await (await fetch(url, { headers: { Authorization: account.marketplaceKey } })).json()) as Record<string, unknown>[];
    const changed = { srid: page[0].srid as string, totalPrice: ((page[0].totalPrice as number) + 100.25).toFixed(2) };
    page[0].totalPrice = Number(changed.totalPrice);
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, status: 200, body: page, times: 1 }]);

    const second = await endedImport(t, account.owner.auth, await importFeeds(account));
    expect(second.state).toBe('completed');
    expect(second.totals).toEqual({
      orders: { inserted: 0, updated: 1, unchanged: rows.orders - 1 },
      sales: { inserted: 0, updated: 0, unchanged: rows.sale + rows.return },
    });
    expect(await rowsOf(account.accountId)).toEqual(rows);
    const [restored] = await db
      .select({ totalPrice: mpOrders.totalPrice })
      .from(mpOrders)
      .where(and(eq(mpOrders.mpAccountId, account.accountId), eq(mpOrders.srid, changed.srid)));
    expect(restored.totalPrice).toBe(changed.totalPrice);

    const notices = await noticesOf(account.owner.id);
    expect(notices).toHaveLength(2);
    expect(notices[1]).toMatchObject({
      type: 'import.finished',
      body: `Импорт завершён. Заказы: новых 0, изменено 1, без изменений ${number(rows.orders - 1)}. Продажи и возвраты: новых 0, изменено 0, без изменений ${number(rows.sale + rows.return)}`,
      payload: { totals: second.totals },
    });
  }, 60_000);

  it('a key the marketplace rejects (401) ends the import at once and tells the user so', async () => {
    const account = await importAccount(t, emulator);
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, status: 401, times: 1 }]);
    const status = await endedImport(t, account.owner.auth, await importFeeds(account));
    expect(status).toMatchObject({ state: 'failed', failedReason: IMPORT_MESSAGES.keyRejected, progress: { phase: 'failed', attempt: 1 } });
    // The sales feed runs beside the orders feed: its first page was asked for with the orders page, and no other after.
    const calls = callsOf(emulator, account.sellerId, 'statistics');
    expect(calls.filter((call) => call.path === supplierOrders.path).map((call) => call.status)).toEqual([401]);
    expect(calls.filter((call) => call.path === supplierSales.path).length).toBeLessThanOrEqual(1);
    expect(await noticesOf(account.owner.id)).toEqual([
      expect.objectContaining({ type: 'import.failed', body: IMPORT_MESSAGES.keyRejected }),
    ]);
  }, 60_000);

  it('a rate rejection: the import retries and goes on from its checkpoint, no page asked twice, no duplicate row', async () => {
    const account = await importAccount(t, emulator);
    injectFaults(emulator, [{ scope: 'statistics', path: supplierSales.path, status: 429, times: 2 }]);
    const status = await endedImport(t, account.owner.auth, await importFeeds(account));
    expect(status.state, JSON.stringify(status)).toBe('completed');
    expect(status.progress.attempt).toBeGreaterThan(1);
    const calls = callsOf(emulator, account.sellerId, 'statistics');
    // Orders: one page and the empty answer, never again after the retry; sales: two rejections, a page, the empty answer.
    expect(calls.filter((call) => call.path === supplierOrders.path).map((call) => call.status)).toEqual([200, 200]);
    expect(calls.filter((call) => call.path === supplierSales.path).map((call) => call.status)).toEqual([429, 429, 200, 200]);
    const rows = await rowsOf(account.accountId);
    expect(status.totals.orders).toEqual({ inserted: rows.orders, updated: 0, unchanged: 0 });
    expect(status.totals.sales).toEqual({ inserted: rows.sale + rows.return, updated: 0, unchanged: 0 });
  }, 60_000);

  it.each([
    ['a rate rejection on every attempt', 429, IMPORT_MESSAGES.rateRejected],
    ['a marketplace that stays unavailable', 503, IMPORT_MESSAGES.unavailable],
  ])(
    '%s: five attempts, then the import fails and tells the user why',
    async (_name, status, message) => {
      const account = await importAccount(t, emulator);
      injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, status, times: 5 }]);
      const ended = await endedImport(t, account.owner.auth, await importFeeds(account), 60_000);
      expect(ended).toMatchObject({ state: 'failed', failedReason: message, progress: { phase: 'failed', attempt: 5, maxAttempts: 5 } });
      expect(await noticesOf(account.owner.id)).toEqual([expect.objectContaining({ type: 'import.failed', body: message })]);
    },
    90_000,
  );

  it('ten parallel POSTs start one import: the others answer its id with alreadyRunning', async () => {
    const account = await importAccount(t, emulator);
    injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, latencyMs: 1500, times: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request({
          method: 'POST',
          url: '/digitization/import',
          headers: account.owner.auth,
          payload: { mpAccountId: account.accountId, dateFrom: DATE_FROM },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(202));
    const bodies = answers.map((answer) => answer.json());
    expect(new Set(bodies.map((body) => body.jobId)).size).toBe(1);
    expect(bodies.filter((body) => !body.alreadyRunning)).toHaveLength(1);
    expect((await endedImport(t, account.owner.auth, bodies[0].jobId)).state).toBe('completed');
  }, 60_000);

  it('the status is the owner’s and the admins’: anyone else gets 404', async () => {
    const account = await importAccount(t, emulator);
    const jobId = await importFeeds(account);
    const stranger = await createUser(t);
    const admin = await createUser(t, 'admin');
    const foreign = await t.request({ method: 'GET', url: `/digitization/import/status/${jobId}`, headers: stranger.auth });
    expectErrorEnvelope(foreign, 404, 'NOT_FOUND');
    expect((await importStatus(t, admin.auth, jobId)).jobId).toBe(jobId);
    const unknown = await t.request({
      method: 'GET',
      url: `/digitization/import/status/${crypto.randomUUID()}`,
      headers: account.owner.auth,
    });
    expectErrorEnvelope(unknown, 404, 'NOT_FOUND');
    const foreignStart = await t.request({
      method: 'POST',
      url: '/digitization/import',
      headers: stranger.auth,
      payload: { mpAccountId: account.accountId, dateFrom: DATE_FROM },
    });
    expectErrorEnvelope(foreignStart, 404, 'NOT_FOUND');
    await endedImport(t, account.owner.auth, jobId);
  }, 60_000);

  it('a token wait over 5 s (the sales feed allows one call a minute) moves the import to delayed without using an attempt', async () => {
    const paced = await startTestApp({ env: { APP_ROLE: 'all', MP_API_BASE_URL: emulator.url } });
    try {
      const account = await importAccount(paced, emulator);
      const jobId = await startImport(paced, account.owner.auth, '/digitization/import', {
        mpAccountId: account.accountId,
        dateFrom: DATE_FROM,
      });
      const waiting = await until(
        () => importStatus(paced, account.owner.auth, jobId),
        (status) => status.progress?.phase === 'rate-limited',
      );
      expect(waiting).toMatchObject({ state: 'pending', progress: { attempt: 1, maxAttempts: 5 } });
      const resumeInMs = Date.parse(waiting.progress.resumeAt) - Date.now();
      expect(resumeInMs).toBeGreaterThan(30_000);
      // One token a minute, with the client's 2 % spare.
      expect(resumeInMs).toBeLessThanOrEqual(62_000);
      // The first sales page was asked; the next one waits for its token.
      expect(callsOf(emulator, account.sellerId, 'statistics', supplierSales.path)).toHaveLength(1);
      expect(waiting.totals.sales.inserted).toBeGreaterThan(0);
    } finally {
      await paced.close();
    }
  }, 60_000);
});
