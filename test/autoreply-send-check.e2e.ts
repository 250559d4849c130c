import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Database } from '../src/database/database.tokens';
import { replyDrafts } from '../src/database/schema';
import { feedbackAnswer } from '../src/marketplace/endpoints/feedbacks';
import { REPLY_PUBLISH_JOB } from '../src/modules/autoreply/autoreply.jobs';
import { QueueService } from '../src/queue/queue.service';
import { auditRecordsOfEntity } from './support/audit-records';
import { expectErrorEnvelope } from './support/envelope';
import { callsOf, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import { ReplyAccount, replyAccount, replyScenario, settledDraft, unanswered } from './support/reply-setup';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

/** An account with a scenario answering from a template, and one feedback's draft prepared from it. */
async function preparedDraft(): Promise<{ account: ReplyAccount; feedbackId: string; draft: { id: string; text: string } }> {
  const account = await replyAccount(t, emulator);
  await replyScenario(t, account.owner, account.accountId);
  const [item] = await unanswered(db, account, 'feedback');
  const generated = await t.request({
    method: 'POST',
    url: '/autoreply/generate',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, feedbackId: item.id },
  });
  expect(generated.statusCode, generated.body).toBe(200);
  return { account, feedbackId: item.id, draft: generated.json() };
}

function sendEdited(account: ReplyAccount, feedbackId: string, text: string) {
  return t.request({
    method: 'POST',
    url: '/autoreply/send',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, feedbackId, text },
  });
}

async function publishJobsOf(draftId: string): Promise<unknown[]> {
  const jobs = await t.app.get(QueueService).queue(REPLY_PUBLISH_JOB.queue).getJobs();
  return jobs.filter((job) => job.data.draftId === draftId);
}

describe("send with the seller's edited text: the pre-publication check (Reply rules 4 and 5)", () => {
  it.each<[string, string, string[], string[]]>([
    [
      'a phone dictated digit by digit and a messenger handle',
      'Спасибо! Пишите в телеграм @shop_support или звоните 9 1 6 1 2 3 4 5 6 7',
      ['noPhones', 'noContacts'],
      ['В ответе номер телефона', 'В ответе мессенджер, соцсеть или приглашение связаться вне маркетплейса'],
    ],
    [
      'a site behind a bidi control',
      'Спасибо за отзыв! Наш сайт shop\u202e.ru',
      ['noLinks', 'noBidiControls'],
      ['В ответе ссылка или адрес сайта', 'В ответе управляющие символы направления текста'],
    ],
  ])('%s: 400 with the rule names, the reasons in the message, audited, nothing queued or changed', async (_case, text, rules, reasons) => {
    const { account, feedbackId, draft } = await preparedDraft();

    const refused = await sendEdited(account, feedbackId, text);

    const body = expectErrorEnvelope(refused, 400, 'VALIDATION_FAILED');
    expect(body.details).toEqual([{ field: 'text', errors: rules }]);
    expect(body.message).toBe(reasons.join('; '));
    const audit = await auditRecordsOfEntity(db, 'autoreply.check', draft.id);
    expect(audit).toMatchObject([
      {
        userId: account.owner.id,
        mpAccountId: account.accountId,
        entityType: 'reply_draft',
        details: { feedbackId, text: 'manual', rules },
        requestId: refused.headers['x-request-id'],
        ip: expect.any(String),
      },
    ]);
    // Which text and which rules only: never the text itself.
    expect(JSON.stringify(audit[0].details)).not.toContain('shop');
    expect(await db.select().from(replyDrafts).where(eq(replyDrafts.id, draft.id))).toMatchObject([
      { status: 'draft', text: draft.text, source: 'template', publication: 0 },
    ]);
    expect(await publishJobsOf(draft.id)).toEqual([]);
    expect(callsOf(emulator, account.seller.id, 'feedbacks', feedbackAnswer.path)).toEqual([]);
  });

  it('a clean edit is queued as manual and leaves no check record', async () => {
    const { account, feedbackId, draft } = await preparedDraft();
    const text = `${draft.text} Размер 48 на рост 176, цена 1 500 ₽, артикул 123456789.`;

    const queued = await sendEdited(account, feedbackId, text);

    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({ status: 'pending', text, source: 'manual' });
    expect(await settledDraft(db, feedbackId)).toMatchObject({ status: 'sent', publishedSource: 'manual' });
    expect(await auditRecordsOfEntity(db, 'autoreply.check', draft.id)).toEqual([]);
  });
});
