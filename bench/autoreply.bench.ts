import { and, count, eq, inArray, isNull, max } from 'drizzle-orm';

import * as schema from '../src/database/schema';
import { feedbackAnswer } from '../src/marketplace/endpoints/feedbacks';
import { checkReply } from '../src/shared/autoreply/check/reply-check';
import { NEAR_MATCHES } from '../src/shared/autoreply/check/reply-check-near-matches';
import { emulatorCalls, fetchJson, seedAccount, startServiceStack, statusCounts } from './service-stack';
import { writeResult } from './support';

const TEXT_LENGTH = 2000;
const CHECK_TARGET_PER_SECOND = 20_000;
const CHECK_ROUNDS = 5;
const CHECK_ROUND_MS = 1000;
const ADVERSARIAL_BYTES = 100_000;
const ADVERSARIAL_TARGET_MS = 50;
const FEEDBACKS = 5000;
/** Requests to /autoreply/generate in flight at once. */
const GENERATE_CONCURRENCY = 16;
const SEED = 13;

/** Sentences of ordinary replies: prices, sizes, article numbers, dates, the things a check must let through. */
const SENTENCES = [
  'Здравствуйте! Спасибо, что выбрали наш магазин и нашли время оставить отзыв.',
  'Размер M соответствует обхвату груди 96-100 см, а длина изделия 70 см.',
  'Цена 1 490 ₽ действует до 30.11.2026, скидка 15 % применяется в корзине.',
  'Артикул 123456789 есть в наличии в цветах чёрный, бежевый и синий.',
  'Мы передали ваши замечания о швах на производство: партия от 12.03.2026 уже проверена.',
  'Рекомендуем стирку при 30 °C и сушку без отжима, тогда ткань не сядет.',
  'Если товар не подошёл, оформите возврат в течение 14 дней в личном кабинете маркетплейса.',
  'Thank you for your feedback! The jacket runs true to size, 2 pcs per pack.',
  'Будем рады видеть вас снова, хорошего дня!',
  'Упаковку мы усилили: теперь коробка из пятислойного картона, 40×30×15 см.',
];

/** `n` texts of exactly 2 000 characters, each its own mix of the sentences. */
function ordinaryTexts(n: number): string[] {
  return Array.from({ length: n }, (_, index) => {
    let text = '';
    for (let k = index; text.length < TEXT_LENGTH; k += 3) text += `${SENTENCES[k % SENTENCES.length]} `;
    return text.slice(0, TEXT_LENGTH);
  });
}

/**
 * Checked texts per second on this one thread: the best of five one-second rounds after a warm-up, so that another
 * process taking the core for a moment does not count against the check.
 */
function checkThroughput(): { perSecond: number; passedShare: number } {
  const texts = ordinaryTexts(500);
  let passed = 0;
  for (const text of texts) if (checkReply(text).ok) passed++;
  let best = 0;
  for (let round = 0; round < CHECK_ROUNDS; round++) {
    let checked = 0;
    const started = performance.now();
    while (performance.now() - started < CHECK_ROUND_MS) {
      for (const text of texts) checkReply(text);
      checked += texts.length;
    }
    best = Math.max(best, checked / ((performance.now() - started) / 1000));
  }
  return { perSecond: Math.round(best), passedShare: passed / texts.length };
}

/** The slowest check, of the fastest of three runs, over 100 KB of each repeated near-match. */
function adversarialWorst(): { worstMs: number; piece: string } {
  let worst = { worstMs: 0, piece: '' };
  for (const piece of NEAR_MATCHES) {
    const text = piece.repeat(Math.ceil(ADVERSARIAL_BYTES / piece.length)).slice(0, ADVERSARIAL_BYTES);
    let fastest = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      checkReply(text);
      fastest = Math.min(fastest, performance.now() - started);
    }
    if (fastest > worst.worstMs) worst = { worstMs: Math.round(fastest * 100) / 100, piece };
  }
  return worst;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not done in ${timeoutMs} ms (${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * 5 000 feedbacks of one account, each generated (template rewritten by the emulated AI, scenario in auto mode, so
 * generating queues it) and published through the emulator with every limit off (windows scaled to a thousandth).
 */
async function publishRun() {
  // Generating queues each reply for publication at once: the hold before automatic publication would only add its wait;
  // the account's daily AI budget is raised to the run's feedbacks (its default stops the run at 2 000).
  const stack = await startServiceStack(
    'autoreply',
    0.001,
    {},
    { AUTOREPLY_PUBLISH_DELAY_MS: '0', LLM_ACCOUNT_DAILY_LIMIT: String(FEEDBACKS) },
  );
  try {
    const { sellerId, accountId, headers } = await seedAccount(stack, SEED, 50, { feedbacks: FEEDBACKS * 2, questions: 0 });
    const db = stack.db;
    const sync = await fetchJson<{ jobId: string }>(`${stack.apiUrl}/autoreply/sync`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mpAccountId: accountId }),
    });
    await waitFor(
      () => fetchJson<{ state: string }>(`${stack.apiUrl}/autoreply/sync/status/${sync.jobId}`, { headers }),
      (status) => status.state === 'completed' || status.state === 'failed',
      120_000,
      'inbox sync',
    );
    const items = (
      await db
        .select({ id: schema.inboxItems.id })
        .from(schema.inboxItems)
        .where(and(eq(schema.inboxItems.mpAccountId, accountId), isNull(schema.inboxItems.answerText)))
        .limit(FEEDBACKS)
    ).map((row) => row.id);
    if (items.length < FEEDBACKS) throw new Error(`only ${items.length} unanswered feedbacks synced`);
    const post = async (path: string, body: Record<string, unknown>) =>
      fetchJson<{ id: string }>(`${stack.apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const template = await post('/autoreply/templates', {
      mpAccountId: accountId,
      name: 'Спасибо',
      type: 'feedbacks',
      text: 'Спасибо за {{ kind }} о товаре {{ productName }}!',
    });
    await post('/autoreply/scenarios', {
      mpAccountId: accountId,
      kind: 'feedbacks',
      templateId: template.id,
      useLlm: true,
      replyMode: 'auto',
    });

    const startedAt = Date.now();
    const statuses: Record<number, number> = {};
    let next = 0;
    await Promise.all(
      Array.from({ length: GENERATE_CONCURRENCY }, async () => {
        while (next < items.length) {
          const feedbackId = items[next++];
          const answer = await fetch(`${stack.apiUrl}/autoreply/generate`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ mpAccountId: accountId, feedbackId }),
          });
          await answer.arrayBuffer();
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        }
      }),
    );
    const generatedMs = Date.now() - startedAt;
    const drafts = schema.replyDrafts;
    await waitFor(
      async () =>
        (
          await db
            .select({ n: count() })
            .from(drafts)
            .where(and(inArray(drafts.inboxItemId, items), inArray(drafts.status, ['sent', 'error'])))
        )[0].n,
      (n) => n === FEEDBACKS,
      300_000,
      'publishing',
    );
    const [{ last }] = await db
      .select({ last: max(drafts.sentAt) })
      .from(drafts)
      .where(inArray(drafts.inboxItemId, items));
    const [{ sent }] = await db
      .select({ sent: count() })
      .from(drafts)
      .where(and(inArray(drafts.inboxItemId, items), eq(drafts.status, 'sent')));
    const answerCalls = (await emulatorCalls(stack, sellerId, 'feedbacks')).filter((call) => call.path === feedbackAnswer.path);
    return {
      feedbacks: FEEDBACKS,
      generateStatuses: statuses,
      generatedMs,
      totalMs: (last ?? new Date()).getTime() - startedAt,
      sent,
      answerCalls: answerCalls.length,
      answerStatuses: statusCounts(answerCalls),
    };
  } finally {
    await stack.close();
  }
}

export async function autoreplyBench(): Promise<boolean> {
  const throughput = checkThroughput();
  const adversarial = adversarialWorst();
  const publishing = await publishRun();
  const passed =
    throughput.perSecond >= CHECK_TARGET_PER_SECOND &&
    adversarial.worstMs < ADVERSARIAL_TARGET_MS &&
    publishing.sent === FEEDBACKS &&
    publishing.answerCalls === FEEDBACKS &&
    publishing.answerStatuses[204] === FEEDBACKS;
  const result = {
    check: { textLength: TEXT_LENGTH, ...throughput, target: CHECK_TARGET_PER_SECOND },
    adversarial: { bytes: ADVERSARIAL_BYTES, ...adversarial, target: ADVERSARIAL_TARGET_MS },
    publishing,
    passed,
  };
  const file = writeResult('autoreply', result);
  console.log(
    `autoreply: check ${throughput.perSecond} texts/s of ${TEXT_LENGTH} chars (target >= ${CHECK_TARGET_PER_SECOND}), ` +
      `worst 100 KB near-match ${adversarial.worstMs} ms on ${JSON.stringify(adversarial.piece)} (target < ${ADVERSARIAL_TARGET_MS}); ` +
      `${FEEDBACKS} feedbacks generated in ${publishing.generatedMs} ms, all published in ${publishing.totalMs} ms, sent ${publishing.sent}, ` +
      `answer calls ${publishing.answerCalls} ${JSON.stringify(publishing.answerStatuses)} -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
  );
  return passed;
}
