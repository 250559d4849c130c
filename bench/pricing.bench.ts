import { Queue } from 'bullmq';
import { and, count, eq, inArray, max } from 'drizzle-orm';

import * as schema from '../src/database/schema';
import { PRICING_BULK_JOB } from '../src/modules/pricing/pricing.jobs';
import { BENCH_REDIS_URL, emulatorCalls, seedAccount, startServiceStack, statusCounts } from './service-stack';
import { writeResult } from './support';

/**
 * 50 bulk jobs of 1 000 items for one account: one upload each, so the prices upload limit alone sets the pace.
 * The limit runs four times faster on both sides (10 per 1.5 s): the floor is 50 uploads at that rate, 7.5 s, and
 * the whole run (first request to last job finished) must stay within 10 % of it, with no 429. Much faster than that,
 * the writes of 1 000 history rows and snapshots per chunk (the same 1 000 products in every job, so one after
 * another) and the validation of 50 bodies of 1 000 items on this 2-core machine would set the pace, not the limit.
 */
const TIME_SCALE = 0.25;
const JOBS = 50;
const ITEMS = 1000;
const FLOOR_MS = (JOBS / 10) * 6000 * TIME_SCALE;
const TARGET_RATIO = 1.1;
const SEED = 11;

export async function pricingBulkPace(): Promise<boolean> {
  // The api takes the 50 requests and their validation; the worker's uploads and writes run beside it, as deployed.
  const stack = await startServiceStack('pricing', TIME_SCALE);
  const redisUrl = new URL(BENCH_REDIS_URL);
  const bulkQueue = new Queue(PRICING_BULK_JOB.queue, {
    connection: { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) },
    prefix: stack.prefix,
  });
  try {
    while ((await bulkQueue.getWorkers()).length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const { sellerId, accountId, nmIds, headers } = await seedAccount(stack, SEED, ITEMS);
    const db = stack.db;
    const bodies = Array.from({ length: JOBS }, (_, job) =>
      JSON.stringify({ mpAccountId: accountId, items: nmIds.map((nmID) => ({ nmID, price: 1000 + job })) }),
    );

    const startedAt = Date.now();
    const answers = await Promise.all(bodies.map((body) => fetch(`${stack.apiUrl}/pricing/bulk`, { method: 'POST', headers, body })));
    const submittedMs = Date.now() - startedAt;
    const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { bulkJobId: string }).bulkJobId));
    const jobs = schema.priceBulkJobs;
    for (;;) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(jobs)
        .where(and(inArray(jobs.id, ids), inArray(jobs.status, ['completed', 'failed'])));
      if (n === JOBS) break;
      if (Date.now() - startedAt > 120_000) throw new Error(`only ${n} of ${JOBS} bulk jobs finished in 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [{ last }] = await db
      .select({ last: max(jobs.finishedAt) })
      .from(jobs)
      .where(inArray(jobs.id, ids));
    const [{ accepted }] = await db
      .select({ accepted: count() })
      .from(schema.priceBulkChunks)
      .where(and(inArray(schema.priceBulkChunks.bulkJobId, ids), eq(schema.priceBulkChunks.items, ITEMS)));
    const calls = await emulatorCalls(stack, sellerId, 'prices');

    const totalMs = last!.getTime() - startedAt;
    const uploadSpanMs = calls[calls.length - 1].atMs - calls[0].atMs;
    const answered429 = calls.filter((call) => call.status === 429).length;
    const statuses = statusCounts(calls);
    const ratio = Math.round((totalMs / FLOOR_MS) * 1000) / 1000;
    const passed =
      ratio <= TARGET_RATIO &&
      answered429 === 0 &&
      calls.length === JOBS &&
      accepted === JOBS &&
      answers.every((answer) => answer.status === 202);
    const result = {
      jobs: JOBS,
      items: ITEMS,
      timeScale: TIME_SCALE,
      floorMs: FLOOR_MS,
      totalMs,
      submittedMs,
      uploadSpanMs,
      uploads: calls.length,
      statuses,
      acceptedChunks: accepted,
      answered429,
      ratio,
      target: { ratio: TARGET_RATIO, answered429: 0 },
      passed,
    };
    const file = writeResult('pricing', result);
    console.log(
      `pricing: ${JOBS} bulk jobs x ${ITEMS} items in ${totalMs} ms (submitted in ${submittedMs} ms, uploads spread over ${uploadSpanMs} ms), floor ${FLOOR_MS} ms, ` +
        `ratio ${ratio} (target <= ${TARGET_RATIO}), uploads ${calls.length} ${JSON.stringify(statuses)}, accepted ${accepted}, 429 ${answered429} -> ${passed ? 'PASS' : 'FAIL'} [${file}]`,
    );
    return passed;
  } finally {
    await bulkQueue.close();
    await stack.close();
  }
}
