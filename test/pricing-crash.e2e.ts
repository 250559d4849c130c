import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { priceBulkChunks, priceHistory } from '../src/database/schema';
import { priceUpload } from '../src/marketplace/endpoints/prices';
import { callsOf, RunningEmulator, startEmulator } from './support/marketplace';
import { finishedBulk, pricedAccount } from './support/pricing-accounts';
import { RunningProcess, SHORT_JOB_LOCKS, spawnWorker, waitForOutput } from './support/spawn-service';
import { startTestApp, TestApp } from './support/test-app';

// A worker killed with SIGKILL leaves its job locked until the lock expires (5 s here); BullMQ's stalled check then
// gives it to another worker, which can take up to two check intervals more.
const RESUME_TIMEOUT_MS = 60_000;

let emulator: RunningEmulator;
let api: TestApp;
const workers: RunningProcess[] = [];

function startWorker(): RunningProcess {
  const worker = spawnWorker(api, emulator.url, { PRICING_BULK_CHUNK_SIZE: '5', ...SHORT_JOB_LOCKS });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false });
  // The api role only: the jobs run in the spawned workers.
  api = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, PRICING_BULK_CHUNK_SIZE: '5' } });
});
afterAll(async () => {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await Promise.all(workers.map((worker) => worker.exited));
  await api.close();
  await emulator.close();
});

it(
  'a worker killed between chunks: the next worker finishes the job without sending an accepted chunk again',
  async () => {
    const db = api.app.get<Database>(DATABASE);
    const account = await pricedAccount(api, emulator, 20);
    const first = startWorker();
    await waitForOutput(first, /"msg":"started"/);

    const created = await api.request({
      method: 'POST',
      url: '/pricing/bulk',
      headers: account.auth,
      payload: { mpAccountId: account.accountId, items: account.nmIds.map((nmID) => ({ nmID, price: 1200 })) },
    });
    expect(created.statusCode, created.body).toBe(202);
    const { bulkJobId } = created.json();

    // The next upload waits about 600 ms for its token (10 per 6 s): kill as soon as the first chunk is recorded.
    for (;;) {
      const [{ n }] = await db.select({ n: count() }).from(priceBulkChunks).where(eq(priceBulkChunks.bulkJobId, bulkJobId));
      if (n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(callsOf(emulator, account.sellerId, 'prices', priceUpload.path)).toHaveLength(1);

    startWorker();
    const report = await finishedBulk(api, account.auth, bulkJobId, RESUME_TIMEOUT_MS);
    expect(report.status).toBe('completed');
    expect(report.counters).toEqual({ items: 20, chunks: 4, accepted: 4, rejected: 0 });
    const taskIds = report.result.chunks.map((chunk: { taskId: number }) => chunk.taskId);
    expect(new Set(taskIds).size).toBe(4);
    // Each chunk reached the marketplace once: four uploads, none answered 208 (a resend).
    expect(callsOf(emulator, account.sellerId, 'prices', priceUpload.path).map((call) => call.status)).toEqual([200, 200, 200, 200]);
    const [history] = await db.select({ n: count() }).from(priceHistory).where(eq(priceHistory.bulkJobId, bulkJobId));
    expect(history.n).toBe(20);
  },
  RESUME_TIMEOUT_MS + 30_000,
);
