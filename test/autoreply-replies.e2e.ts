import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { politeRewrite } from '../emulator/src/llm-replies';
import type { Database } from '../src/database/database.tokens';
import { inboxItems, replyDrafts } from '../src/database/schema';
import { feedbackAnswer, questionUpdate } from '../src/marketplace/endpoints/feedbacks';
import { AutoreplyJobs } from '../src/modules/autoreply/autoreply.jobs';
import { auditRecordsOfEntity } from './support/audit-records';
import { createUser } from './support/identity';
import { callsOf, emulatedServiceForFile, injectFaults, RunningEmulator } from './support/marketplace';
import {
  feedbackAnswerCalls,
  inboxEntry,
  ReplyAccount,
  replyAccount,
  replyScenario,
  settledDraft,
  unanswered,
} from './support/reply-setup';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// Auto scenarios here publish at once: the hold before automatic publication is tested in autoreply-hold.e2e.ts.
emulatedServiceForFile((service) => ({ emulator, t, db } = service), { AUTOREPLY_PUBLISH_DELAY_MS: '0' });

afterEach(() => {
  emulator.context.faults.clear();
  emulator.context.llm.reset();
});

function post(account: ReplyAccount, url: string, feedbackId: string) {
  return t.request({ method: 'POST', url, headers: account.owner.auth, payload: { mpAccountId: account.accountId, feedbackId } });
}

const generate = (account: ReplyAccount, feedbackId: string) => post(account, '/autoreply/generate', feedbackId);
const send = (account: ReplyAccount, feedbackId: string) => post(account, '/autoreply/send', feedbackId);

const llmCalls = () => emulator.context.calls.list({ scope: 'llm' });
const answerCalls = (account: ReplyAccount) => feedbackAnswerCalls(emulator, account);
const draftRows = (inboxItemId: string) => db.select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, inboxItemId));
const inboxItem = (account: ReplyAccount, feedbackId: string) => inboxEntry(t, account, feedbackId);

describe('generate', () => {
  it('without AI: the template with its placeholders filled, a draft, and no call to the AI provider', async () => {
    const account = await replyAccount(t, emulator);
    const { scenarioId, templateId } = await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    const before = llmCalls().length;

    const response = await generate(account, item.id);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      feedbackId: item.id,
      status: 'draft',
      source: 'template',
      text: `Спасибо за отзыв о товаре ${item.productName}!`,
      scenarioId,
      templateId,
      note: null,
    });
    expect(llmCalls().length).toBe(before);
    expect(await inboxItem(account, item.id)).toMatchObject({
      label: 'waiting',
      draft: { status: 'draft', source: 'template', scenarioId, text: `Спасибо за отзыв о товаре ${item.productName}!` },
    });
  });

  it('with AI: the rewrite of the filled template; the buyer text reaches the model only as quoted data', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId, { useLlm: true, text: 'Спасибо за {{ kind }}!' });
    const [item] = await unanswered(db, account, 'feedback');
    const before = llmCalls().length;

    const response = await generate(account, item.id);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'draft', source: 'ai', text: politeRewrite('Спасибо за отзыв!') });
    expect(llmCalls().length).toBe(before + 1);
  });

  it('AI down: 502 LLM_UNAVAILABLE and no draft; AI 429: 429 with Retry-After and no draft', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId, { useLlm: true });
    const [item] = await unanswered(db, account, 'feedback');

    emulator.context.llm.set({ mode: 'server-error' });
    const down = await generate(account, item.id);
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json().code).toBe('LLM_UNAVAILABLE');

    emulator.context.llm.set({ mode: 'rate-limit', retryAfterSeconds: 9 });
    const limited = await generate(account, item.id);
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(limited.headers['retry-after']).toBe('9');

    expect(await draftRows(item.id)).toEqual([]);
  });

  it('no matching scenario: 404; the scenario template deleted: 400; a missing or foreign item: 404', async () => {
    const account = await replyAccount(t, emulator);
    const [item] = await unanswered(db, account, 'feedback');
    const none = await generate(account, item.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Нет подходящего сценария ответа');

    const { templateId } = await replyScenario(t, account.owner, account.accountId);
    expect((await t.request({ method: 'DELETE', url: `/autoreply/templates/${templateId}`, headers: account.owner.auth })).statusCode).toBe(
      204,
    );
    const deleted = await generate(account, item.id);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Шаблон сценария удалён') });

    const other = await replyAccount(t, emulator, 3, 1);
    const [foreign] = await unanswered(db, other, 'feedback');
    expect((await generate(account, foreign.id)).statusCode).toBe(404);
    const stranger = await createUser(t);
    const outsider = await t.request({
      method: 'POST',
      url: '/autoreply/generate',
      headers: stranger.auth,
      payload: { mpAccountId: account.accountId, feedbackId: item.id },
    });
    expect(outsider.statusCode).toBe(404);
    expect(await draftRows(item.id)).toEqual([]);
  });

  it('an item already answered on the marketplace: 409', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    await db.update(inboxItems).set({ answerText: 'Ответ из кабинета маркетплейса' }).where(eq(inboxItems.id, item.id));

    const response = await generate(account, item.id);

    expect(response.statusCode).toBe(409);
    expect(await draftRows(item.id)).toEqual([]);
  });
});

describe('send and publishing', () => {
  it('draft → pending → sent: the feedback answered once, the inbox item answered, generate and send again 409', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    expect((await send(account, item.id)).statusCode).toBe(404);
    const draft = (await generate(account, item.id)).json();

    const queued = await send(account, item.id);

    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({ id: draft.id, status: 'pending' });
    const sent = await settledDraft(db, item.id);
    expect(sent).toMatchObject({ status: 'sent', publishedSource: 'template' });
    expect(answerCalls(account).map((call) => call.status)).toEqual([204]);
    const marketplaceItem = account.seller.feedbacks.find(item.mpId)!;
    expect(account.seller.feedbacks.answerOf(marketplaceItem)?.text).toBe(draft.text);
    expect(await inboxItem(account, item.id)).toMatchObject({ label: 'answered', answerText: draft.text, draft: { status: 'sent' } });
    const audit = await auditRecordsOfEntity(db, 'autoreply.send', draft.id);
    expect(audit.map((record) => record.details)).toEqual([{ feedbackId: item.id, outcome: 'sent', source: 'template', attempt: 1 }]);
    expect(audit[0].userId).toBe(account.owner.id);

    const again = await send(account, item.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('уже опубликован');
    expect((await generate(account, item.id)).statusCode).toBe(409);
    expect(answerCalls(account)).toHaveLength(1);
  });

  it("the seller's edit: a text that fails the check is 400 with the reasons and changes nothing; a clean one is published as manual", async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    const draft = (await generate(account, item.id)).json();
    const edit = (text: string) =>
      t.request({
        method: 'POST',
        url: '/autoreply/send',
        headers: account.owner.auth,
        payload: { mpAccountId: account.accountId, feedbackId: item.id, text },
      });

    const refused = await edit(`${draft.text} Звоните 8 (916) 123-45-67 или пишите shop@example.com`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'text', errors: ['noLinks', 'noEmails', 'noPhones'] }],
    });
    expect(await draftRows(item.id)).toMatchObject([{ status: 'draft', text: draft.text, source: 'template' }]);

    const fixed = `${draft.text} Будем рады видеть вас снова.`;
    const queued = await edit(fixed);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({ status: 'pending', text: fixed, source: 'manual' });
    expect(await settledDraft(db, item.id)).toMatchObject({ status: 'sent', publishedSource: 'manual' });
    expect(account.seller.feedbacks.answerOf(account.seller.feedbacks.find(item.mpId)!)?.text).toBe(fixed);
    expect(answerCalls(account)).toHaveLength(1);
  });

  it('a pending draft: send and generate answer 409 while it waits', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbackAnswer.path, latencyMs: 1500, times: 1 }]);
    await generate(account, item.id);
    expect((await send(account, item.id)).statusCode).toBe(200);

    expect(await inboxItem(account, item.id)).toMatchObject({ label: 'waiting', draft: { status: 'pending' } });
    const again = await send(account, item.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('в очереди');
    expect((await generate(account, item.id)).statusCode).toBe(409);

    expect((await settledDraft(db, item.id)).status).toBe('sent');
  });

  it('replyMode auto: generate queues the draft at once and it is published', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId, { replyMode: 'auto' });
    const [item] = await unanswered(db, account, 'feedback');

    const response = await generate(account, item.id);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('pending');
    expect((await settledDraft(db, item.id)).status).toBe('sent');
    expect(answerCalls(account)).toHaveLength(1);
  });

  it('a question is answered with the questions update call in the state that publishes it', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId, { replyMode: 'auto' });
    const [question] = await unanswered(db, account, 'question');

    expect((await generate(account, question.id)).statusCode).toBe(200);

    expect((await settledDraft(db, question.id)).status).toBe('sent');
    expect(callsOf(emulator, account.seller.id, 'feedbacks', questionUpdate.path).filter((call) => call.method === 'PATCH')).toHaveLength(
      1,
    );
    const answer = account.seller.questions.answerOf(account.seller.questions.find(question.mpId)!);
    expect(answer).toMatchObject({ text: 'Спасибо за вопрос о товаре ' + question.productName + '!', state: 'wbRu' });
    expect(answerCalls(account)).toEqual([]);
  });

  it('an AI text that fails the check: the filled template is published instead, and the trigger audited', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId, { useLlm: true, text: 'Спасибо за {{ kind }}!' });
    const [item] = await unanswered(db, account, 'feedback');
    emulator.context.llm.set({ mode: 'link' });
    const draft = (await generate(account, item.id)).json();
    expect(draft.text).toContain('https://shop.example/help');

    await send(account, item.id);

    expect(await settledDraft(db, item.id)).toMatchObject({ status: 'sent', publishedSource: 'template' });
    expect(account.seller.feedbacks.answerOf(account.seller.feedbacks.find(item.mpId)!)?.text).toBe('Спасибо за отзыв!');
    expect((await auditRecordsOfEntity(db, 'autoreply.check', draft.id)).map((record) => record.details)).toEqual([
      { feedbackId: item.id, text: 'ai', rules: ['noLinks'] },
    ]);
    expect((await auditRecordsOfEntity(db, 'autoreply.send', draft.id)).map((record) => record.details)).toEqual([
      { feedbackId: item.id, outcome: 'sent', source: 'template', attempt: 1 },
    ]);
  });

  it('the AI text and the template both fail: error with the note, no marketplace call, no retry, both audited', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId, { useLlm: true, text: 'Звоните нам: +7 (912) 345-67-89' });
    const [item] = await unanswered(db, account, 'feedback');
    emulator.context.llm.set({ mode: 'email' });
    const draft = (await generate(account, item.id)).json();

    await send(account, item.id);

    const settled = await settledDraft(db, item.id);
    expect(settled).toMatchObject({ status: 'error', note: expect.stringContaining('проверка безопасности') });
    expect(settled.blockedAt).not.toBeNull();
    expect(answerCalls(account)).toEqual([]);
    expect((await auditRecordsOfEntity(db, 'autoreply.check', draft.id)).map((record) => record.details)).toEqual([
      // The AI rewrote the template, phone included, and added an e-mail.
      { feedbackId: item.id, text: 'ai', rules: ['noEmails', 'noPhones'] },
      { feedbackId: item.id, text: 'template', rules: ['noPhones'] },
    ]);
    expect((await auditRecordsOfEntity(db, 'autoreply.send', draft.id)).map((record) => record.details)).toEqual([
      { feedbackId: item.id, outcome: 'error', source: null, attempt: 1, note: settled.note },
    ]);
    expect(await inboxItem(account, item.id)).toMatchObject({ label: 'skipped', draft: { status: 'error', note: settled.note } });
    // Sending the error alone is refused; preparing again gives a draft that can be sent.
    expect((await send(account, item.id)).statusCode).toBe(409);
    emulator.context.llm.reset();
    const patched = await t.request({
      method: 'PATCH',
      url: `/autoreply/templates/${draft.templateId}`,
      headers: account.owner.auth,
      payload: { text: 'Спасибо!' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await generate(account, item.id)).json()).toMatchObject({ status: 'draft', note: null });
    expect(await inboxItem(account, item.id)).toMatchObject({ label: 'waiting' });
  });

  it('publishing is retried after two marketplace 500s, then sent once', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    await generate(account, item.id);
    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbackAnswer.path, status: 500, times: 2 }]);

    await send(account, item.id);

    expect((await settledDraft(db, item.id)).status).toBe('sent');
    expect(answerCalls(account).map((call) => call.status)).toEqual([500, 500, 204]);
    expect(account.seller.feedbacks.answerOf(account.seller.feedbacks.find(item.mpId)!)).not.toBeNull();
  });

  it('a marketplace that keeps failing: error after 3 attempts, audited with the last attempt', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    const draft = (await generate(account, item.id)).json();
    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbackAnswer.path, status: 500 }]);

    await send(account, item.id);

    const settled = await settledDraft(db, item.id, 60_000);
    expect(settled).toMatchObject({ status: 'error', note: expect.stringContaining('Маркетплейс не принял ответ') });
    expect(settled.blockedAt).toBeNull();
    const audit = await auditRecordsOfEntity(db, 'autoreply.send', draft.id);
    expect(audit.map((record) => record.details)).toEqual([
      { feedbackId: item.id, outcome: 'error', source: 'template', attempt: 3, note: settled.note },
    ]);
    expect(await inboxItem(account, item.id)).toMatchObject({ label: 'skipped' });
  }, 90_000);

  it('a draft a crash left pending without its job: the sweep enqueues it once and it is published once', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    await generate(account, item.id);
    // As if the process died after queueing the draft and before enqueueing its job.
    await db
      .update(replyDrafts)
      .set({ status: 'pending', publication: 1, updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(replyDrafts.inboxItemId, item.id));
    const jobs = t.app.get(AutoreplyJobs);

    expect((await jobs.sweepPublications()).pending).toBeGreaterThanOrEqual(1);
    expect((await settledDraft(db, item.id)).status).toBe('sent');
    await jobs.sweepPublications();

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answerCalls(account)).toHaveLength(1);
  });

  it('inbox labels through every state', async () => {
    const account = await replyAccount(t, emulator);
    await replyScenario(t, account.owner, account.accountId);
    const [item] = await unanswered(db, account, 'feedback');
    const labelled = async (label: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/autoreply/inbox?mpAccountId=${account.accountId}&label=${label}&limit=100`,
        headers: account.owner.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((entry: { feedbackId: string }) => entry.feedbackId);
    };
    expect(await labelled('waiting')).toContain(item.id);
    await generate(account, item.id);
    expect(await labelled('waiting')).toContain(item.id);
    await db.update(replyDrafts).set({ status: 'error' }).where(eq(replyDrafts.inboxItemId, item.id));
    expect(await labelled('skipped')).toEqual([item.id]);
    expect(await labelled('waiting')).not.toContain(item.id);
    await generate(account, item.id);
    await send(account, item.id);
    await until(
      () => labelled('answered'),
      (ids) => ids.includes(item.id),
    );
    expect(await labelled('skipped')).toEqual([]);
  });
});
