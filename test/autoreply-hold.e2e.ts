import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { inboxItems, replyDrafts } from '../src/database/schema';
import { feedbackAnswer, feedbackById } from '../src/marketplace/endpoints/feedbacks';
import { REPLY_PUBLISH_JOB } from '../src/modules/autoreply/autoreply.jobs';
import { QueueService } from '../src/queue/queue.service';
import { auditRecordsOfEntity } from './support/audit-records';
import { createUser } from './support/identity';
import { emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import {
  feedbackAnswerCalls,
  inboxEntry,
  ReplyAccount,
  replyAccount,
  replyRoute,
  replyScenario,
  settledDraft,
  unanswered,
} from './support/reply-setup';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

/** Short enough to wait out in a test, long enough for a send or a cancel to come first on a loaded machine. */
const HOLD_MS = 6000;

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service), { AUTOREPLY_PUBLISH_DELAY_MS: String(HOLD_MS) });

afterEach(() => emulator.context.faults.clear());

const generate = (account: ReplyAccount, feedbackId: string) => replyRoute(t, account, '/autoreply/generate', feedbackId);
const send = (account: ReplyAccount, feedbackId: string, fields: Record<string, unknown> = {}) =>
  replyRoute(t, account, '/autoreply/send', feedbackId, fields);
const cancel = (account: ReplyAccount, draftId: string) =>
  t.request({ method: 'POST', url: `/autoreply/drafts/${draftId}/cancel`, headers: account.owner.auth });
const draftRow = async (inboxItemId: string) => (await db.select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, inboxItemId)))[0];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An account whose auto scenario answers every item, and one of its unanswered feedbacks. */
async function autoAccount() {
  const account = await replyAccount(t, emulator);
  await replyScenario(t, account.owner, account.accountId, { replyMode: 'auto' });
  const [item] = await unanswered(db, account, 'feedback');
  return { account, item };
}

/** Generates the item's reply with the auto scenario: a held pending draft. */
async function held(account: ReplyAccount, feedbackId: string) {
  const before = Date.now();
  const response = await generate(account, feedbackId);
  expect(response.statusCode, response.body).toBe(200);
  const draft = response.json();
  expect(draft.status).toBe('pending');
  const scheduledAt = Date.parse(draft.scheduledAt);
  expect(scheduledAt).toBeGreaterThanOrEqual(before + HOLD_MS);
  expect(scheduledAt).toBeLessThanOrEqual(Date.now() + HOLD_MS);
  return { ...draft, scheduledAtMs: scheduledAt };
}

describe('the hold before automatic publication', () => {
  it('an auto draft waits, pending with scheduledAt in the draft and the inbox, and is published once when its time comes', async () => {
    const { account, item } = await autoAccount();

    const draft = await held(account, item.id);

    expect(await inboxEntry(t, account, item.id)).toMatchObject({
      label: 'waiting',
      draft: { id: draft.id, status: 'pending', scheduledAt: draft.scheduledAt },
    });
    expect(feedbackAnswerCalls(emulator, account)).toEqual([]);
    expect(await settledDraft(db, item.id, HOLD_MS + 30_000)).toMatchObject({ status: 'sent', scheduledAt: null });
    const calls = feedbackAnswerCalls(emulator, account);
    expect(calls.map((call) => call.status)).toEqual([204]);
    expect(calls[0].atMs).toBeGreaterThanOrEqual(draft.scheduledAtMs);
    expect(await inboxEntry(t, account, item.id)).toMatchObject({ label: 'answered', draft: { status: 'sent', scheduledAt: null } });
  }, 60_000);

  it('cancelled: back to draft, audited, and never published, not even after its time has passed', async () => {
    const { account, item } = await autoAccount();
    const draft = await held(account, item.id);

    const cancelled = await cancel(account, draft.id);

    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: draft.id, status: 'draft', scheduledAt: null, text: draft.text });
    expect(await inboxEntry(t, account, item.id)).toMatchObject({ label: 'waiting', draft: { status: 'draft', scheduledAt: null } });
    const [record] = await auditRecordsOfEntity(db, 'autoreply.reply.cancel', draft.id);
    expect(record).toMatchObject({ userId: account.owner.id, mpAccountId: account.accountId, details: { feedbackId: item.id } });
    expect((await cancel(account, draft.id)).statusCode).toBe(409);

    await sleep(draft.scheduledAtMs + 3000 - Date.now());
    expect(feedbackAnswerCalls(emulator, account)).toEqual([]);
    expect(await draftRow(item.id)).toMatchObject({ status: 'draft', scheduledAt: null, sentAt: null });
    expect(await auditRecordsOfEntity(db, 'autoreply.send', draft.id)).toEqual([]);
  }, 60_000);

  it('send publishes a held draft at once, with or without the edited text; its hold no longer publishes anything', async () => {
    const { account, item } = await autoAccount();
    const [, other] = await unanswered(db, account, 'feedback');
    const plain = await held(account, item.id);
    const edited = await held(account, other.id);

    const sent = await send(account, item.id);
    const fixed = `${edited.text} Будем рады видеть вас снова.`;
    const sentEdited = await send(account, other.id, { text: fixed });

    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: plain.id, status: 'pending', scheduledAt: null });
    expect(sentEdited.statusCode, sentEdited.body).toBe(200);
    expect(sentEdited.json()).toMatchObject({ status: 'pending', scheduledAt: null, text: fixed, source: 'manual' });
    expect(await settledDraft(db, item.id)).toMatchObject({ status: 'sent', publishedSource: 'template' });
    expect(await settledDraft(db, other.id)).toMatchObject({ status: 'sent', publishedSource: 'manual' });
    const calls = feedbackAnswerCalls(emulator, account);
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.atMs).toBeLessThan(plain.scheduledAtMs);
    expect(account.seller.feedbacks.answerOf(account.seller.feedbacks.find(other.mpId)!)?.text).toBe(fixed);

    await sleep(Math.max(plain.scheduledAtMs, edited.scheduledAtMs) + 3000 - Date.now());
    expect(feedbackAnswerCalls(emulator, account)).toHaveLength(2);
  }, 60_000);

  it('a held draft’s job run before its time goes back to the queue and publishes only when the time comes', async () => {
    const { account, item } = await autoAccount();
    const draft = await held(account, item.id);
    const job = await t.app.get(QueueService).queue(REPLY_PUBLISH_JOB.queue).getJob(`${draft.id}-1`);

    await job!.promote();

    expect(await settledDraft(db, item.id, HOLD_MS + 30_000)).toMatchObject({ status: 'sent' });
    const calls = feedbackAnswerCalls(emulator, account);
    expect(calls).toHaveLength(1);
    expect(calls[0].atMs).toBeGreaterThanOrEqual(draft.scheduledAtMs);
  }, 60_000);

  it('a draft the publisher has taken is no longer held: cancel and send answer 409 while its call is on the way', async () => {
    const { account, item } = await autoAccount();
    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbackAnswer.path, latencyMs: 3000, times: 1 }]);
    const draft = await held(account, item.id);

    await until(
      async () => emulator.context.faults.list().length,
      (left) => left === 0,
      HOLD_MS + 30_000,
    );

    expect(await draftRow(item.id)).toMatchObject({ status: 'pending', scheduledAt: null });
    const refused = await cancel(account, draft.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONFLICT');
    expect((await send(account, item.id)).statusCode).toBe(409);
    expect(await settledDraft(db, item.id)).toMatchObject({ status: 'sent' });
    expect(feedbackAnswerCalls(emulator, account)).toHaveLength(1);
  }, 60_000);

  it('cancel: a foreign or missing draft is 404, a draft that is not held (a draft, a sent one) 409', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    const draft = (await generate(account, item.id)).json();
    expect(draft).toMatchObject({ status: 'draft', scheduledAt: null });

    expect((await cancel(account, draft.id)).statusCode).toBe(409);
    const stranger = await createUser(t);
    const foreign = await t.request({ method: 'POST', url: `/autoreply/drafts/${draft.id}/cancel`, headers: stranger.auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Черновик ответа не найден');
    expect((await cancel(account, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    await send(account, item.id);
    await settledDraft(db, item.id);
    expect((await cancel(account, draft.id)).statusCode).toBe(409);
    expect(await draftRow(item.id)).toMatchObject({ status: 'sent' });
  }, 60_000);
});

describe('send reads the item from the marketplace first', () => {
  it('a feedback answered on the marketplace after its draft was made: 409, not queued, the answer stored in the inbox', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    const draft = (await generate(account, item.id)).json();
    account.seller.feedbacks.answer(account.seller.feedbacks.find(item.mpId)!, 'Ответ из кабинета продавца');

    const response = await send(account, item.id);

    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('На маркетплейсе уже есть ответ') });
    expect(await draftRow(item.id)).toMatchObject({ id: draft.id, status: 'draft', publication: 0, text: draft.text });
    expect(await inboxEntry(t, account, item.id)).toMatchObject({ label: 'answered', answerText: 'Ответ из кабинета продавца' });
    expect(emulator.context.calls.list({ sellerId: account.seller.id, path: feedbackById.path }).map((call) => call.url)).toEqual([
      `/feedbacks${feedbackById.path}?id=${item.mpId}`,
    ]);
    expect(feedbackAnswerCalls(emulator, account)).toEqual([]);
  });

  it('a question answered meanwhile: 409 and the answer stored with its time', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [question] = await unanswered(db, account, 'question');
    await generate(account, question.id);
    account.seller.questions.answer(account.seller.questions.find(question.mpId)!, 'Состав: хлопок');

    expect((await send(account, question.id)).statusCode).toBe(409);

    const [stored] = await db.select().from(inboxItems).where(eq(inboxItems.id, question.id));
    expect(stored).toMatchObject({ answerText: 'Состав: хлопок', answeredAt: expect.any(Date) });
    expect(await draftRow(question.id)).toMatchObject({ status: 'draft' });
  });

  it('a held draft answered meanwhile: send 409, and when its time comes it is not published over the answer', async () => {
    const { account, item } = await autoAccount();
    const draft = await held(account, item.id);
    const before = await draftRow(item.id);
    account.seller.feedbacks.answer(account.seller.feedbacks.find(item.mpId)!, 'Ответ из кабинета продавца');

    expect((await send(account, item.id)).statusCode).toBe(409);
    expect(await draftRow(item.id)).toEqual(before);
    expect(before).toMatchObject({ id: draft.id, status: 'pending', scheduledAt: new Date(draft.scheduledAt) });

    expect(await settledDraft(db, item.id, HOLD_MS + 30_000)).toMatchObject({
      status: 'error',
      note: 'Не опубликовано: на маркетплейсе уже есть ответ',
    });
    expect(feedbackAnswerCalls(emulator, account)).toEqual([]);
    expect(account.seller.feedbacks.answerOf(account.seller.feedbacks.find(item.mpId)!)?.text).toBe('Ответ из кабинета продавца');
  }, 60_000);

  it('a marketplace that is down (500) or refuses the key (401): 502, and the draft is neither queued nor changed', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    await generate(account, item.id);
    const before = await draftRow(item.id);

    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbackById.path, status: 500 }]);
    const down = await send(account, item.id);
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json().code).toBe('MP_UNAVAILABLE');
    emulator.context.faults.clear();
    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbackById.path, status: 401 }]);
    const refused = await send(account, item.id);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().code).toBe('MP_AUTH_FAILED');

    expect(await draftRow(item.id)).toEqual(before);
    expect(await inboxEntry(t, account, item.id)).toMatchObject({ answerText: null, draft: { status: 'draft' } });
    expect(feedbackAnswerCalls(emulator, account)).toEqual([]);
  });
});
