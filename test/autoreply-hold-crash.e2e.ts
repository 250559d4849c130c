import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { nmIdOf } from '../emulator/src/generator/catalog';
import type { Seller } from '../emulator/src/sellers';
import { DATABASE, Database } from '../src/database/database.tokens';
import { replyDrafts } from '../src/database/schema';
import { feedbackAnswer } from '../src/marketplace/endpoints/feedbacks';
import { AutoreplyJobs, REPLY_PUBLISH_JOB } from '../src/modules/autoreply/autoreply.jobs';
import { QueueService } from '../src/queue/queue.service';
import { crashWorldForFile, RESUME_TIMEOUT_MS } from './support/crash-world';
import { createAccount, createUser } from './support/identity';
import { insertInboxItem } from './support/inbox-items';
import { callsOf, injectFaults, RunningEmulator } from './support/marketplace';
import { ReplyAccount, replyRoute, replyScenario, settledDraft } from './support/reply-setup';
import { RunningProcess, waitForOutput } from './support/spawn-service';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

const HOLD_MS = 4000;
/** Long enough for the kill to land while the answer call is on its way. */
const ANSWER_LATENCY_MS = 3000;

let emulator: RunningEmulator;
let api: TestApp;
let startWorker: () => RunningProcess;

crashWorldForFile((world) => ({ emulator, api, startWorker } = world), { AUTOREPLY_PUBLISH_DELAY_MS: String(HOLD_MS) });

const database = () => api.app.get<Database>(DATABASE);
const draftRow = async (inboxItemId: string) =>
  (await database().select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, inboxItemId)))[0];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface HeldSetup extends ReplyAccount {
  feedbackId: string;
  marketplaceItem: ReturnType<Seller['feedbacks']['items']>[number];
}

/** An emulator seller's unanswered feedback in a new account's inbox, and a scenario of the account in `replyMode`. */
async function feedbackOfAccount(replyMode: 'auto' | 'manual'): Promise<HeldSetup> {
  const { seller, token } = emulator.context.sellers.create({ cards: 3, feedbacks: 5, questions: 0 });
  const owner = await createUser(api);
  const accountId = await createAccount(api, owner.id, 'Кабинет', token.token);
  const marketplaceItem = seller.feedbacks.items().find((item) => !seller.feedbacks.isAnswered(item))!;
  const feedbackId = await insertInboxItem(database(), accountId, {
    mpId: marketplaceItem.id,
    nmId: nmIdOf(seller.catalog, marketplaceItem.cardIndex),
    rating: marketplaceItem.rating,
    createdAt: new Date(marketplaceItem.createdMs),
  });
  await replyScenario(api, owner, accountId, { replyMode, text: 'Спасибо за отзыв!' });
  return { seller, owner, accountId, feedbackId, marketplaceItem };
}

async function generated(setup: HeldSetup): Promise<{ id: string; status: string; scheduledAt: string | null }> {
  const response = await replyRoute(api, setup, '/autoreply/generate', setup.feedbackId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const answerCalls = (setup: HeldSetup) => callsOf(emulator, setup.seller.id, 'feedbacks', feedbackAnswer.path);

async function startedWorker(): Promise<RunningProcess> {
  const worker = startWorker();
  await waitForOutput(worker, /"msg":"started"/);
  return worker;
}

async function stopped(worker: RunningProcess): Promise<void> {
  worker.child.kill('SIGKILL');
  await worker.exited;
}

it(
  'the hold is the draft’s: with no worker while it waits, a worker started after its time publishes it once',
  async () => {
    const setup = await feedbackOfAccount('auto');
    const draft = await generated(setup);
    expect(draft).toMatchObject({ status: 'pending', scheduledAt: expect.any(String) });

    await sleep(Date.parse(draft.scheduledAt!) + 1000 - Date.now());
    const worker = await startedWorker();

    expect(await settledDraft(database(), setup.feedbackId, RESUME_TIMEOUT_MS)).toMatchObject({ status: 'sent', scheduledAt: null });
    expect(answerCalls(setup)).toHaveLength(1);
    expect(setup.seller.feedbacks.answerOf(setup.marketplaceItem)?.text).toBe('Спасибо за отзыв!');
    await stopped(worker);
  },
  RESUME_TIMEOUT_MS + 30_000,
);

it(
  'a cancel wins against the job that is due: the job runs after it and publishes nothing',
  async () => {
    const setup = await feedbackOfAccount('auto');
    const draft = await generated(setup);
    // Its time passes with no worker: the job is due and waits for one.
    await sleep(Date.parse(draft.scheduledAt!) + 500 - Date.now());

    const cancelled = await api.request({ method: 'POST', url: `/autoreply/drafts/${draft.id}/cancel`, headers: setup.owner.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const worker = await startedWorker();

    const job = await until(
      async () => api.app.get(QueueService).queue(REPLY_PUBLISH_JOB.queue).getJob(`${draft.id}-1`),
      (found) => Boolean(found?.finishedOn),
      RESUME_TIMEOUT_MS,
    );
    expect(job!.returnvalue).toEqual({ skipped: 'not-pending' });
    expect(answerCalls(setup)).toEqual([]);
    expect(await draftRow(setup.feedbackId)).toMatchObject({ status: 'draft', scheduledAt: null, sentAt: null });
    await stopped(worker);
  },
  RESUME_TIMEOUT_MS + 30_000,
);

it(
  'a worker killed while a held draft’s answer call is on its way: the next worker publishes nothing twice',
  async () => {
    const setup = await feedbackOfAccount('auto');
    const first = await startedWorker();
    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbackAnswer.path, latencyMs: ANSWER_LATENCY_MS, times: 1 }]);
    const draft = await generated(setup);

    await until(
      async () => emulator.context.faults.list().length,
      (left) => left === 0,
      HOLD_MS + RESUME_TIMEOUT_MS,
    );
    await stopped(first);
    await until(
      async () => setup.seller.feedbacks.answerOf(setup.marketplaceItem),
      (answer) => answer !== null,
      ANSWER_LATENCY_MS + 5000,
    );
    const second = await startedWorker();

    expect(await settledDraft(database(), setup.feedbackId, RESUME_TIMEOUT_MS)).toMatchObject({ id: draft.id, status: 'sent' });
    expect(answerCalls(setup)).toHaveLength(1);
    await stopped(second);
  },
  RESUME_TIMEOUT_MS * 2 + 30_000,
);

it(
  'a held draft a crash left without its job: the sweep enqueues it delayed until its time, when it is published once',
  async () => {
    const setup = await feedbackOfAccount('manual');
    const draft = await generated(setup);
    const scheduledAt = new Date(Date.now() + HOLD_MS * 2);
    // As if the process died after holding the draft and before enqueueing its job.
    await database()
      .update(replyDrafts)
      .set({ status: 'pending', publication: 1, scheduledAt, updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(replyDrafts.id, draft.id));
    const worker = await startedWorker();

    expect((await api.app.get(AutoreplyJobs).sweepPublications()).pending).toBeGreaterThanOrEqual(1);

    expect(await settledDraft(database(), setup.feedbackId, HOLD_MS * 2 + RESUME_TIMEOUT_MS)).toMatchObject({ status: 'sent' });
    const calls = answerCalls(setup);
    expect(calls).toHaveLength(1);
    expect(calls[0].atMs).toBeGreaterThanOrEqual(scheduledAt.getTime());
    await api.app.get(AutoreplyJobs).sweepPublications();
    await sleep(1000);
    expect(answerCalls(setup)).toHaveLength(1);
    await stopped(worker);
  },
  HOLD_MS * 2 + RESUME_TIMEOUT_MS + 30_000,
);
