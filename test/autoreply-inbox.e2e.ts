import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Seller } from '../emulator/src/sellers';
import { AccountsReader } from '../src/accounts/accounts.reader';
import type { Database } from '../src/database/database.tokens';
import { inboxItems, mpAccounts } from '../src/database/schema';
import { RateBuckets } from '../src/marketplace/client/rate-buckets';
import { AUTOREPLY_SYNC_JOB, AUTOREPLY_SYNC_SCHEDULE } from '../src/modules/autoreply/autoreply.jobs';
import { QueueService } from '../src/queue/queue.service';
import { createAccount, createUser, TestUser } from './support/identity';
import { inboxSynced } from './support/inbox-items';
import { jobStatusReader } from './support/job-status-reader';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

const DAY_MS = 86_400_000;

interface InboxAccount {
  accountId: string;
  seller: Seller;
  owner: TestUser;
}

interface InboxItem {
  feedbackId: string;
  kind: 'feedback' | 'question';
  rating: number | null;
  text: string;
  pros: string;
  cons: string;
  nmId: number;
  productName: string;
  brand: string;
  supplierArticle: string;
  createdAt: string;
  label: 'waiting' | 'answered';
  answerText: string | null;
  draft: null;
}

interface InboxPage {
  items: InboxItem[];
  meta: { total: number; page: number; limit: number; totalPages: number; hasNext: boolean; hasPrev: boolean };
}

async function inboxAccount(feedbacks = 60, questions = 20): Promise<InboxAccount> {
  const { seller, token } = emulator.context.sellers.create({ cards: 5, feedbacks, questions });
  const owner = await createUser(t);
  const accountId = await createAccount(t, owner.id, 'Кабинет', token.token);
  return { accountId, seller, owner };
}

async function startSync(account: InboxAccount): Promise<{ jobId: string; alreadyRunning: boolean }> {
  const response = await t.request({
    method: 'POST',
    url: '/autoreply/sync',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json();
}

/** Starts a sync and waits until its job completed; answers the job status. */
const synced = (account: InboxAccount) => inboxSynced(t, account.owner.auth, account.accountId);

async function inbox(account: InboxAccount, query = ''): Promise<InboxPage> {
  const response = await t.request({
    method: 'GET',
    url: `/autoreply/inbox?mpAccountId=${account.accountId}&limit=100${query}`,
    headers: account.owner.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const rowsOf = (account: InboxAccount) => db.select().from(inboxItems).where(eq(inboxItems.mpAccountId, account.accountId));

/** The answered lists' dateFrom of each list call of the seller, in order. */
function answeredFroms(account: InboxAccount, path: string): number[] {
  return callsOf(emulator, account.seller.id, 'feedbacks', path)
    .map((call) => new URL(call.url, 'http://emulator').searchParams)
    .filter((params) => params.get('isAnswered') === 'true')
    .map((params) => Number(params.get('dateFrom')));
}

describe('inbox sync', () => {
  it('loads every unanswered item and the answered ones of the last 30 days, only reading the marketplace', async () => {
    const account = await inboxAccount();
    const recent = account.seller.feedbacks.items().filter((item) => !account.seller.feedbacks.isAnswered(item));
    account.seller.feedbacks.answer(recent[recent.length - 1], 'Спасибо, что выбрали нас');
    const before = Date.now();

    const status = await synced(account);

    expect(status).toMatchObject({ state: 'completed', progress: { phase: 'completed' } });
    const expected = (texts: Seller['feedbacks']) =>
      texts
        .items()
        .filter((item) => !texts.isAnswered(item) || item.createdMs >= before - 30 * DAY_MS)
        .map((item) => item.id)
        .sort();
    const rows = await rowsOf(account);
    expect(
      rows
        .filter((row) => row.kind === 'feedback')
        .map((row) => row.mpId)
        .sort(),
    ).toEqual(expected(account.seller.feedbacks));
    expect(
      rows
        .filter((row) => row.kind === 'question')
        .map((row) => row.mpId)
        .sort(),
    ).toEqual(expected(account.seller.questions));
    expect(status.result).toMatchObject({ feedbacks: expected(account.seller.feedbacks).length });
    const answered = rows.find((row) => row.mpId === recent[recent.length - 1].id)!;
    expect(answered.answerText).toBe('Спасибо, что выбрали нас');
    // The marketplace's time (UTC) is kept as the same instant.
    const item = account.seller.feedbacks.items().find((candidate) => candidate.id === answered.mpId)!;
    expect(answered.createdAt.getTime()).toBe(item.createdMs);

    const writes = callsOf(emulator, account.seller.id, 'feedbacks').filter((call) => call.method !== 'GET');
    expect(writes).toEqual([]);
  });

  it('a second sync adds no row twice and asks for answered items since the previous sync or the oldest item answered elsewhere', async () => {
    const account = await inboxAccount();
    const firstStart = Math.floor(Date.now() / 1000);
    await synced(account);
    const first = await rowsOf(account);
    const waiting = account.seller.questions.items().filter((item) => !account.seller.questions.isAnswered(item));
    const lastWaiting = waiting[waiting.length - 1];
    account.seller.questions.answer(lastWaiting, 'Состав: хлопок 100 %');

    const second = await synced(account);

    expect(second.state).toBe('completed');
    const rows = await rowsOf(account);
    expect(rows).toHaveLength(first.length);
    expect(rows.map((row) => row.id).sort()).toEqual(first.map((row) => row.id).sort());
    expect(rows.find((row) => row.mpId === lastWaiting.id)).toMatchObject({ answerText: 'Состав: хлопок 100 %' });
    const [firstFeedbacksFrom, secondFeedbacksFrom] = answeredFroms(account, '/api/v1/feedbacks');
    expect(firstFeedbacksFrom).toBeLessThanOrEqual(firstStart - 30 * 86_400 + 60);
    expect(secondFeedbacksFrom).toBeGreaterThanOrEqual(firstStart);
    // The question answered elsewhere left the unanswered list: the answered list goes back to it, not further.
    const [, secondQuestionsFrom] = answeredFroms(account, '/api/v1/questions');
    expect(secondQuestionsFrom).toBe(Math.floor(lastWaiting.createdMs / 1000));
  });

  it('a list longer than the questions window (take + skip ≤ 10 000) goes on from the last item of the window', async () => {
    const account = await inboxAccount(5, 13_500);
    const texts = account.seller.questions;

    expect((await synced(account)).state).toBe('completed');

    const waiting = texts.items().filter((item) => !texts.isAnswered(item));
    expect(waiting.length).toBeGreaterThan(10_000);
    const rows = (await rowsOf(account)).filter((row) => row.kind === 'question' && row.answerText === null);
    expect(rows.map((row) => row.mpId).sort()).toEqual(waiting.map((item) => item.id).sort());
    const unanswered = callsOf(emulator, account.seller.id, 'feedbacks', '/api/v1/questions')
      .map((call) => new URL(call.url, 'http://emulator').searchParams)
      .filter((params) => params.get('isAnswered') === 'false');
    expect(unanswered.every((params) => Number(params.get('skip')) + Number(params.get('take')) <= 10_000)).toBe(true);
    expect(unanswered.some((params) => params.get('dateFrom') !== null)).toBe(true);
  });

  it('a sync delayed by a long token wait goes on from its checkpoint: no page is asked for twice', async () => {
    const account = await inboxAccount(3000, 5);
    injectFaults(emulator, [{ scope: 'feedbacks', path: '/api/v1/feedbacks', latencyMs: 1500, times: 1 }]);
    const { jobId } = await startSync(account);
    // The first page is on its way (its fault consumed): the next one waits for a token past the 5 s a sync job waits.
    await until(
      async () => emulator.context.faults.list().length,
      (left) => left === 0,
    );
    const reopensAt = Date.now() + 8000;
    await t.app.get(RateBuckets).penalise({ accountId: account.accountId, scope: 'feedbacks', path: '/api/v1/feedbacks' }, reopensAt);
    const { read, phases } = jobStatusReader(t, `/autoreply/sync/status/${jobId}`, account.owner.auth);
    const status = await until(read, (body) => body.state === 'completed' || body.state === 'failed', 30_000);
    expect(status.state, JSON.stringify(status)).toBe('completed');
    expect(phases).toContain('rate-limited');
    expect(status.progress.attempt).toBe(1);
    const pages = callsOf(emulator, account.seller.id, 'feedbacks', '/api/v1/feedbacks').map((call) => {
      const params = new URL(call.url, 'http://emulator').searchParams;
      return { list: `${params.get('isAnswered')} ${params.get('dateFrom')} ${params.get('skip')}`, atMs: call.atMs };
    });
    expect(pages.length).toBeGreaterThan(2);
    expect(new Set(pages.map((page) => page.list)).size).toBe(pages.length);
    expect(pages[1].atMs).toBeGreaterThanOrEqual(reopensAt);
    const rows = await rowsOf(account);
    expect(rows.length).toBe(status.result.feedbacks + status.result.questions);
  });

  it('a sync asked for while one of the account is unfinished answers that job', async () => {
    const account = await inboxAccount();
    const [first, second] = await Promise.all([startSync(account), startSync(account)]);
    expect(second.jobId).toBe(first.jobId);
    expect([first.alreadyRunning, second.alreadyRunning].sort()).toEqual([false, true]);
  });

  it('the schedule syncs every active account and no inactive one', async () => {
    const active = await inboxAccount(10, 5);
    const inactive = await inboxAccount(10, 5);
    await db.update(mpAccounts).set({ isActive: false }).where(eq(mpAccounts.id, inactive.accountId));
    expect(AUTOREPLY_SYNC_SCHEDULE.schedule).toEqual({ pattern: '2-59/10 * * * *', tz: 'Europe/Moscow' });

    const queues = t.app.get(QueueService);
    const tickId = await queues.enqueue(AUTOREPLY_SYNC_SCHEDULE, {});
    const tick = await until(
      () => queues.status(AUTOREPLY_SYNC_SCHEDULE, tickId),
      (status) => status?.state === 'completed',
    );

    expect(tick!.result).toEqual({ accounts: (await t.app.get(AccountsReader).activeIds()).length });
    await until(
      () => rowsOf(active),
      (rows) => rows.length > 0,
      60_000,
    );
    const jobs = await queues.queue(AUTOREPLY_SYNC_JOB.queue).getJobs(['completed', 'active', 'waiting', 'delayed', 'prioritized']);
    const scheduled = jobs.filter((job) => job.name === AUTOREPLY_SYNC_JOB.name && job.data.trigger === 'scheduled');
    expect(scheduled.map((job) => job.data.mpAccountId)).toContain(active.accountId);
    expect(scheduled.map((job) => job.data.mpAccountId)).not.toContain(inactive.accountId);
    expect(await rowsOf(inactive)).toEqual([]);
  });
});

describe('inbox list', () => {
  let account: InboxAccount;
  beforeAll(async () => {
    account = await inboxAccount(80, 20);
    const unanswered = account.seller.feedbacks.items().filter((item) => !account.seller.feedbacks.isAnswered(item));
    account.seller.feedbacks.answer(unanswered[unanswered.length - 1], 'Рады, что понравилось');
    await synced(account);
  });

  it('answers every item with its fields, newest first, and labels answered items', async () => {
    const rows = await rowsOf(account);
    const page = await inbox(account);
    expect(page.meta.total).toBe(rows.length);
    expect(page.items.map((item) => item.createdAt)).toEqual(
      page.items
        .map((item) => item.createdAt)
        .sort()
        .reverse(),
    );
    const answered = page.items.find((item) => item.answerText === 'Рады, что понравилось')!;
    expect(answered).toMatchObject({ kind: 'feedback', label: 'answered', draft: null });
    expect(Object.keys(answered).sort()).toEqual(
      [
        'answerText',
        'brand',
        'cons',
        'createdAt',
        'draft',
        'feedbackId',
        'kind',
        'label',
        'nmId',
        'productName',
        'pros',
        'rating',
        'supplierArticle',
        'text',
      ].sort(),
    );
    const row = rows.find((candidate) => candidate.id === answered.feedbackId)!;
    expect(answered).toMatchObject({ nmId: row.nmId, text: row.text, productName: row.productName, brand: row.brand });
    for (const item of page.items) expect(item.label).toBe(item.answerText === null ? 'waiting' : 'answered');
  });

  it('filters by kind, label, rating range, nmId and text', async () => {
    const rows = await rowsOf(account);
    const questions = await inbox(account, '&kind=question');
    expect(questions.meta.total).toBe(rows.filter((row) => row.kind === 'question').length);
    expect(questions.items.every((item) => item.kind === 'question' && item.rating === null)).toBe(true);

    const answered = await inbox(account, '&label=answered');
    expect(answered.meta.total).toBe(rows.filter((row) => row.answerText !== null).length);
    const waiting = await inbox(account, '&label=waiting');
    expect(waiting.meta.total).toBe(rows.filter((row) => row.answerText === null).length);

    const low = await inbox(account, '&ratingMin=2&ratingMax=3');
    expect(low.meta.total).toBe(rows.filter((row) => row.rating !== null && row.rating >= 2 && row.rating <= 3).length);
    expect(low.items.every((item) => item.rating! >= 2 && item.rating! <= 3)).toBe(true);

    const nmId = rows[0].nmId;
    const ofProduct = await inbox(account, `&nmId=${nmId}`);
    expect(ofProduct.meta.total).toBe(rows.filter((row) => row.nmId === nmId).length);

    const defects = await inbox(account, `&q=${encodeURIComponent('ДЕФЕКТ')}`);
    expect(defects.meta.total).toBe(rows.filter((row) => row.text.toLowerCase().includes('дефект')).length);
    expect((await inbox(account, `&q=${encodeURIComponent('%')}`)).meta.total).toBe(0);
  });

  it('sorts by rating and pages without overlap', async () => {
    const byRating = await inbox(account, '&kind=feedback&sortBy=rating&sortDirection=asc');
    const ratings = byRating.items.map((item) => item.rating!);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));

    const all = await inbox(account);
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      const response = await t.request({
        method: 'GET',
        url: `/autoreply/inbox?mpAccountId=${account.accountId}&limit=10&page=${page}`,
        headers: account.owner.auth,
      });
      pages.push(response.json() as InboxPage);
    }
    expect(pages[1].meta).toMatchObject({ page: 2, limit: 10, total: all.meta.total, hasNext: true, hasPrev: true });
    expect(pages.flatMap((page) => page.items.map((item) => item.feedbackId))).toEqual(
      all.items.slice(0, 30).map((item) => item.feedbackId),
    );
    const invalid = await t.request({
      method: 'GET',
      url: `/autoreply/inbox?mpAccountId=${account.accountId}&sortBy=text`,
      headers: account.owner.auth,
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('a foreign account answers 404 on every route', async () => {
    const stranger = await createUser(t);
    const { jobId } = await startSync(account);
    const requests = [
      { method: 'POST' as const, url: '/autoreply/sync', payload: { mpAccountId: account.accountId } },
      { method: 'GET' as const, url: `/autoreply/sync/status/${jobId}` },
      { method: 'GET' as const, url: `/autoreply/inbox?mpAccountId=${account.accountId}` },
    ];
    for (const request of requests) {
      const response = await t.request({ ...request, headers: stranger.auth });
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(404);
    }
  });
});
