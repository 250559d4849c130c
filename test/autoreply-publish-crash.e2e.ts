import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { nmIdOf } from '../emulator/src/generator/catalog';
import { DATABASE, Database } from '../src/database/database.tokens';
import { replyDrafts } from '../src/database/schema';
import { feedbackAnswer } from '../src/marketplace/endpoints/feedbacks';
import { crashWorldForFile, RESUME_TIMEOUT_MS } from './support/crash-world';
import { createAccount, createUser } from './support/identity';
import { insertInboxItem } from './support/inbox-items';
import { callsOf, injectFaults, RunningEmulator } from './support/marketplace';
import { replyScenario, settledDraft } from './support/reply-setup';
import { RunningProcess, waitForOutput } from './support/spawn-service';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

/** Long enough for the kill to land while the answer call is on its way. */
const ANSWER_LATENCY_MS = 3000;

let emulator: RunningEmulator;
let api: TestApp;
let startWorker: () => RunningProcess;

// The auto scenario publishes at once: a held publication's crash is tested in autoreply-hold-crash.e2e.ts.
crashWorldForFile((world) => ({ emulator, api, startWorker } = world), { AUTOREPLY_PUBLISH_DELAY_MS: '0' });

it(
  'a worker killed while its answer call is on the way: the next worker finds the answer landed and publishes nothing twice',
  async () => {
    const db = api.app.get<Database>(DATABASE);
    const { seller, token } = emulator.context.sellers.create({ cards: 3, feedbacks: 5, questions: 0 });
    const owner = await createUser(api);
    const accountId = await createAccount(api, owner.id, 'Кабинет', token.token);
    const marketplaceItem = seller.feedbacks.items().find((item) => !seller.feedbacks.isAnswered(item))!;
    const feedbackId = await insertInboxItem(db, accountId, {
      mpId: marketplaceItem.id,
      nmId: nmIdOf(seller.catalog, marketplaceItem.cardIndex),
      rating: marketplaceItem.rating,
      createdAt: new Date(marketplaceItem.createdMs),
    });
    await replyScenario(api, owner, accountId, { replyMode: 'auto', text: 'Спасибо за отзыв!' });
    const first = startWorker();
    await waitForOutput(first, /"msg":"started"/);
    injectFaults(emulator, [{ scope: 'feedbacks', path: feedbackAnswer.path, latencyMs: ANSWER_LATENCY_MS, times: 1 }]);

    const generated = await api.request({
      method: 'POST',
      url: '/autoreply/generate',
      headers: owner.auth,
      payload: { mpAccountId: accountId, feedbackId },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(generated.json().status).toBe('pending');

    // The slow answer's fault is used up when the call reaches the emulator: the call is then on its way.
    await until(
      async () => emulator.context.faults.list().length,
      (left) => left === 0,
    );
    expect((await db.select().from(replyDrafts).where(eq(replyDrafts.inboxItemId, feedbackId)))[0].publishingAt).not.toBeNull();
    first.child.kill('SIGKILL');
    await first.exited;
    // The marketplace still takes the call the dead worker sent.
    await until(
      async () => seller.feedbacks.answerOf(marketplaceItem),
      (answer) => answer !== null,
      ANSWER_LATENCY_MS + 5000,
    );

    startWorker();
    const draft = await settledDraft(db, feedbackId, RESUME_TIMEOUT_MS);

    expect(draft).toMatchObject({ status: 'sent', publishedSource: 'template' });
    expect(callsOf(emulator, seller.id, 'feedbacks', feedbackAnswer.path)).toHaveLength(1);
    expect(seller.feedbacks.answerOf(marketplaceItem)).toMatchObject({ text: 'Спасибо за отзыв!', editable: true });
  },
  RESUME_TIMEOUT_MS + 30_000,
);
