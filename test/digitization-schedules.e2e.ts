import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { CATEGORIES } from '../emulator/src/scopes';
import type { Database } from '../src/database/database.tokens';
import { accountSyncStates, mpOrders, mpSales, notifications } from '../src/database/schema';
import { salesReportDetailed } from '../src/marketplace/endpoints/finance';
import { supplierOrders, supplierSales } from '../src/marketplace/endpoints/statistics';
import { CATALOG_CARDS_JOB, CATALOG_SYNC_QUEUE } from '../src/modules/catalog/sync/catalog-sync.jobs';
import { DIGITIZATION_INCREMENT_JOB, DIGITIZATION_NIGHTLY_JOB } from '../src/modules/digitization/imports/import-jobs';
import { IMPORT_MESSAGES } from '../src/modules/digitization/imports/import-messages';
import { AccountFanOut, AccountJobPayload } from '../src/queue/account-fan-out';
import { AccountJobs } from '../src/queue/account-jobs';
import type { JobDefinition } from '../src/queue/job-definition';
import { QueueService } from '../src/queue/queue.service';
import { endedImport, IMPORT_ENV, importAccount, importStatus, replaceKey, SMALL_SELLER, startImport } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { createUser } from './support/identity';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service), IMPORT_ENV);

const DATE_FROM = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

/** A token of the seller without the Finance category: the report calls answer 401, the statistics ones serve. */
const WITHOUT_FINANCE = CATEGORIES.filter((category) => category !== 'finance');

const noticesOf = (userId: string) =>
  db
    .select({ type: notifications.type, title: notifications.title, body: notifications.body, payload: notifications.payload })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);

/** What a schedule's tick does for one account: its job of this kind, marked scheduled. */
async function tick(definition: JobDefinition<AccountJobPayload>, accountId: string): Promise<string> {
  await t.app.get(AccountFanOut).fanOutPerAccount(definition, [accountId]);
  const jobId = await t.app.get(QueueService).queue(definition.queue).getDeduplicationJobId(`${definition.name}|${accountId}`);
  expect(jobId).toBeTruthy();
  return jobId!;
}

it('while the nightly import of an account runs, manual imports of it answer 409; it ends telling the account owner, the one user who sees it besides admins', async () => {
  const account = await importAccount(t, emulator);
  injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, latencyMs: 2000, times: 1 }]);
  const nightly = await tick(DIGITIZATION_NIGHTLY_JOB, account.accountId);
  for (const [url, payload] of [
    ['/digitization/import', { dateFrom: DATE_FROM }],
    ['/digitization/financial-report/import', { dateFrom: '2024-02-05', dateTo: '2024-02-11' }],
  ] as const) {
    const refused = await t.request({
      method: 'POST',
      url,
      headers: account.owner.auth,
      payload: { mpAccountId: account.accountId, ...payload },
    });
    expect(expectErrorEnvelope(refused, 409, 'CONFLICT').message).toContain('ночной импорт');
  }
  const stranger = await createUser(t);
  const foreign = await t.request({ method: 'GET', url: `/digitization/import/status/${nightly}`, headers: stranger.auth });
  expect(expectErrorEnvelope(foreign, 404, 'NOT_FOUND').message).toBe('Задача импорта не найдена');
  const status = await endedImport(t, account.owner.auth, nightly);
  expect(status.state, JSON.stringify(status)).toBe('completed');
  expect(Object.keys(status.totals).sort()).toEqual(['orders', 'report', 'sales']);
  expect(status.totals.orders.inserted).toBeGreaterThan(0);
  const [notice] = await db.select().from(notifications).where(eq(notifications.userId, account.owner.id));
  expect(notice).toMatchObject({ type: 'import.finished', body: status.result.message });
  expect(status.result.message).toMatch(/^Импорт завершён\. Заказы: новых \d+.*Отчёт о реализации сохранён/);
  expect(status.result.period).toEqual({
    dateFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    dateTo: expect.any(String),
    shortened: false,
  });
  expect(notice.payload).toMatchObject({ period: status.result.period });

  const after = await startImport(t, account.owner.auth, '/digitization/import', { mpAccountId: account.accountId, dateFrom: DATE_FROM });
  expect((await endedImport(t, account.owner.auth, after)).state).toBe('completed');
}, 60_000);

it('a scheduled tick of an account whose user import runs ends skipped: account-busy', async () => {
  const account = await importAccount(t, emulator);
  injectFaults(emulator, [{ scope: 'statistics', path: supplierOrders.path, latencyMs: 2000, times: 1 }]);
  const user = await startImport(t, account.owner.auth, '/digitization/import', { mpAccountId: account.accountId, dateFrom: DATE_FROM });
  await until(
    () => importStatus(t, account.owner.auth, user),
    (status) => status.state === 'active',
  );
  const increment = await tick(DIGITIZATION_INCREMENT_JOB, account.accountId);
  const skipped = await endedImport(t, account.owner.auth, increment);
  expect(skipped).toMatchObject({ state: 'completed', result: { skipped: 'account-busy' } });
  expect((await endedImport(t, account.owner.auth, user)).state).toBe('completed');
}, 60_000);

/** Until the job waits (delayed) for its account again, with this try in its status. */
async function waitingTry(auth: Record<string, string>, jobId: string, made: number) {
  const status = await until(
    () => importStatus(t, auth, jobId),
    (found) => found.state === 'pending' && found.progress?.message?.includes(`попытка ${made} из 6`),
  );
  expect(status.progress).toMatchObject({ phase: 'waiting-account' });
  expect(status.progress.message).toMatch(
    /^Ждём окончания другой задачи этого кабинета, повтор в \d\d:\d\d:\d\d \(МСК\), попытка \d из 6$/,
  );
  // Its try comes about 5 minutes later, not at the next night's tick.
  const resumeAt = Date.parse(status.progress.resumeAt);
  expect(resumeAt - Date.now()).toBeGreaterThan(4 * 60_000);
  expect(resumeAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);
  return status;
}

/** The job's try comes now, as the 5 minutes would have passed. */
const tryNow = async (jobId: string) => (await t.app.get(QueueService).queue('digitization').getJob(jobId))!.promote();

it('a nightly import that finds its account busy tries again 5 minutes later instead of a day later, and runs once the account is free', async () => {
  const account = await importAccount(t, emulator);
  const other = await t.app.get(AccountJobs).leases.acquire(account.accountId, 'another-job', 'user');
  const nightly = await tick(DIGITIZATION_NIGHTLY_JOB, account.accountId);
  await waitingTry(account.owner.auth, nightly, 1);
  await tryNow(nightly);
  await waitingTry(account.owner.auth, nightly, 2);
  expect(callsOf(emulator, account.sellerId)).toHaveLength(0);

  await other!.release();
  await tryNow(nightly);
  const done = await endedImport(t, account.owner.auth, nightly);
  expect(done.state).toBe('completed');
  expect(done.result.message).toMatch(/^Импорт завершён/);
  expect(done.totals.orders.inserted).toBeGreaterThan(0);
}, 60_000);

it('a nightly import waiting between tries for its busy account holds no manual import back: the manual one runs, then the nightly', async () => {
  const account = await importAccount(t, emulator);
  const other = await t.app.get(AccountJobs).leases.acquire(account.accountId, 'another-job', 'user');
  const nightly = await tick(DIGITIZATION_NIGHTLY_JOB, account.accountId);
  await waitingTry(account.owner.auth, nightly, 1);
  const manual = await startImport(t, account.owner.auth, '/digitization/import', { mpAccountId: account.accountId, dateFrom: DATE_FROM });
  await other!.release();
  expect((await endedImport(t, account.owner.auth, manual)).state).toBe('completed');
  await tryNow(nightly);
  const done = await endedImport(t, account.owner.auth, nightly);
  expect(done.state).toBe('completed');
  expect(done.result.message).toMatch(/^Импорт завершён/);
}, 60_000);

it('a nightly import whose account stays busy through all 6 tries ends skipped: account-busy, saying why', async () => {
  const account = await importAccount(t, emulator);
  const other = await t.app.get(AccountJobs).leases.acquire(account.accountId, 'another-job', 'user');
  try {
    const nightly = await tick(DIGITIZATION_NIGHTLY_JOB, account.accountId);
    for (let made = 1; made <= 6; made++) {
      await waitingTry(account.owner.auth, nightly, made);
      await tryNow(nightly);
    }
    const skipped = await endedImport(t, account.owner.auth, nightly);
    expect(skipped).toMatchObject({
      state: 'completed',
      result: { skipped: 'account-busy' },
      progress: { message: 'Пропущено: кабинет был занят другой задачей все 6 попыток, следующая — по расписанию' },
    });
    expect(callsOf(emulator, account.sellerId)).toHaveLength(0);
  } finally {
    await other!.release();
  }
}, 60_000);

it('the daily cards sync and the nightly import of one account ticking at once both run: the one that finds the account busy tries again later', async () => {
  const account = await importAccount(t, emulator);
  const queues = t.app.get(QueueService);
  const [cards, nightly] = await Promise.all([
    tick(CATALOG_CARDS_JOB, account.accountId),
    tick(DIGITIZATION_NIGHTLY_JOB, account.accountId),
  ]);
  const ended = await until(
    async () => {
      const found = [await queues.queue(CATALOG_SYNC_QUEUE).getJob(cards), await queues.queue('digitization').getJob(nightly)];
      // Once one has ended, the other's try 5 minutes later comes now, as the minutes would have passed.
      if (found.some((job) => job?.finishedOn !== undefined))
        for (const job of found) if (job && (await job.isDelayed())) await job.promote().catch(() => undefined);
      return found;
    },
    (found) => found.every((job) => job?.finishedOn !== undefined),
  );
  expect(ended.map((job) => job!.returnvalue)).toEqual([
    expect.objectContaining({ message: expect.stringMatching(/^Синхронизация/) }),
    expect.objectContaining({ message: expect.stringMatching(/^Импорт завершён/) }),
  ]);
  expect(ended.map((job) => job!.returnvalue)).not.toContainEqual({ skipped: 'account-busy' });
}, 60_000);

it('the increment tier goes on from the last lastChangeDate the previous run saw', async () => {
  const account = await importAccount(t, emulator);
  const first = await endedImport(t, account.owner.auth, await tick(DIGITIZATION_INCREMENT_JOB, account.accountId));
  expect(first.state).toBe('completed');
  const [state] = await db
    .select({ resume: accountSyncStates.resume })
    .from(accountSyncStates)
    .where(and(eq(accountSyncStates.mpAccountId, account.accountId), eq(accountSyncStates.kind, 'digitization')));
  const resume = state.resume as { orders: string; sales: string };
  const ordersCalls = callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path);
  const lastOrdersPage = ordersCalls[ordersCalls.length - 1];
  expect(new URL(lastOrdersPage.url, emulator.url).searchParams.get('dateFrom')).toBe(resume.orders);

  const second = await endedImport(t, account.owner.auth, await tick(DIGITIZATION_INCREMENT_JOB, account.accountId));
  expect(second.state).toBe('completed');
  const next = callsOf(emulator, account.sellerId, 'statistics', supplierOrders.path).slice(ordersCalls.length);
  expect(next.map((call) => new URL(call.url, emulator.url).searchParams.get('dateFrom'))[0]).toBe(resume.orders);
  // Nothing changed since: every row the increment saw was already there, and it notified nobody.
  expect(second.totals.orders.inserted + second.totals.sales.inserted).toBe(0);
  expect(await db.select().from(notifications).where(eq(notifications.userId, account.owner.id))).toEqual([]);
}, 60_000);

it('a worker registers the nightly run at 00:00 Moscow and the increment tier every DIGITIZATION_INCREMENT_INTERVAL_MS', async () => {
  const worker = await startTestApp({
    env: { APP_ROLE: 'worker', SCHEDULES_ENABLED: 'true', DIGITIZATION_INCREMENT_INTERVAL_MS: '600000' },
  });
  try {
    const queue = worker.app.get(QueueService).queue('digitization');
    const schedulers = await until(
      () => queue.getJobSchedulers(),
      (found) => found.length === 2,
    );
    expect(
      schedulers.map(({ key, pattern, tz, every }) => ({ key, pattern, tz, every })).sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual([
      { key: 'digitization.increment.schedule', pattern: undefined, tz: undefined, every: 600000 },
      { key: 'digitization.nightly.schedule', pattern: '0 0 * * *', tz: 'Europe/Moscow', every: undefined },
    ]);
  } finally {
    await worker.close();
  }
}, 60_000);

it('a nightly run whose report part is refused keeps the orders and sales, says the report failed, and tells it once per key', async () => {
  const account = await importAccount(t, emulator, { ...SMALL_SELLER, categories: WITHOUT_FINANCE });
  const status = await endedImport(t, account.owner.auth, await tick(DIGITIZATION_NIGHTLY_JOB, account.accountId));
  expect(status.state, JSON.stringify(status)).toBe('completed');
  expect(status.result.failed).toEqual({ report: IMPORT_MESSAGES.reportKeyRejected });
  expect(status.result.message).toMatch(/^Импорт завершён\. Заказы: новых \d+.*\. Отчёт о реализации не загружен\. /);
  expect(status.result.period).toMatchObject({ dateFrom: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), shortened: false });
  expect(status.result.message).toContain(IMPORT_MESSAGES.reportKeyRejected);
  expect(status.progress).toMatchObject({ phase: 'completed', message: status.result.message, attempt: 1 });
  const [orders] = await db.select({ n: count() }).from(mpOrders).where(eq(mpOrders.mpAccountId, account.accountId));
  const [sales] = await db.select({ n: count() }).from(mpSales).where(eq(mpSales.mpAccountId, account.accountId));
  expect(orders.n).toBeGreaterThan(0);
  expect(status.totals).toMatchObject({ orders: { inserted: orders.n }, sales: { inserted: sales.n } });
  expect(callsOf(emulator, account.sellerId, 'finance', salesReportDetailed.path).map((call) => call.status)).toEqual([401]);
  const partly = { type: 'import.failed', title: 'Импорт завершён не полностью', body: status.result.message };
  expect(await noticesOf(account.owner.id)).toEqual([
    expect.objectContaining({ ...partly, payload: expect.objectContaining({ failed: status.result.failed }) }),
  ]);

  // The next night, the same key: the run is told as it ended, not as a failure again.
  const again = await endedImport(t, account.owner.auth, await tick(DIGITIZATION_NIGHTLY_JOB, account.accountId));
  expect(again.result.failed).toEqual({ report: IMPORT_MESSAGES.reportKeyRejected });
  const told = await noticesOf(account.owner.id);
  expect(told.map(({ type, title }) => ({ type, title }))).toEqual([
    { type: 'import.failed', title: partly.title },
    { type: 'import.finished', title: 'Импорт завершён' },
  ]);
  expect(told[1].body).toContain(IMPORT_MESSAGES.reportKeyRejected);

  // A new key, still without the Finance category, is news.
  await replaceKey(t, account.accountId, emulator.context.sellers.addToken(account.sellerId, 'personal', WITHOUT_FINANCE).token);
  await endedImport(t, account.owner.auth, await tick(DIGITIZATION_NIGHTLY_JOB, account.accountId));
  expect((await noticesOf(account.owner.id)).map((notice) => notice.type)).toEqual(['import.failed', 'import.finished', 'import.failed']);
}, 90_000);

it('the increment tier tells a rejected key once, not at every run, until an import succeeds again or the key changes', async () => {
  const account = await importAccount(t, emulator);
  const rejectKey = () =>
    injectFaults(emulator, [
      { scope: 'statistics', path: supplierOrders.path, status: 401 },
      { scope: 'statistics', path: supplierSales.path, status: 401 },
    ]);
  const increment = async (state: 'completed' | 'failed') => {
    const status = await endedImport(t, account.owner.auth, await tick(DIGITIZATION_INCREMENT_JOB, account.accountId));
    expect(status.state, JSON.stringify(status)).toBe(state);
    if (state === 'failed') expect(status.failedReason).toBe(IMPORT_MESSAGES.keyRejected);
  };
  const told = async () => (await noticesOf(account.owner.id)).map((notice) => notice.body);
  try {
    rejectKey();
    await increment('failed');
    await increment('failed');
    await increment('failed');
    expect(await told()).toEqual([IMPORT_MESSAGES.keyRejected]);

    emulator.context.faults.clear();
    await increment('completed');
    rejectKey();
    await increment('failed');
    expect(await told()).toEqual([IMPORT_MESSAGES.keyRejected, IMPORT_MESSAGES.keyRejected]);

    await replaceKey(t, account.accountId, emulator.context.sellers.addToken(account.sellerId, 'personal', [...CATEGORIES]).token);
    await increment('failed');
    await increment('failed');
    expect(await told()).toEqual([IMPORT_MESSAGES.keyRejected, IMPORT_MESSAGES.keyRejected, IMPORT_MESSAGES.keyRejected]);
  } finally {
    emulator.context.faults.clear();
  }
}, 90_000);
