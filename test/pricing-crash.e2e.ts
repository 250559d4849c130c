import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { priceBulkChunks, priceHistory } from '../src/database/schema';
import { bufferGoods, priceUpload } from '../src/marketplace/endpoints/prices';
import { crashWorldForFile, RESUME_TIMEOUT_MS } from './support/crash-world';
import { callsOf, RunningEmulator } from './support/marketplace';
import { finishedBulk, pricedAccount } from './support/pricing-accounts';
import { RunningProcess, waitForOutput } from './support/spawn-service';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let api: TestApp;
let startWorker: () => RunningProcess;

crashWorldForFile((world) => ({ emulator, api, startWorker } = world), { PRICING_BULK_CHUNK_SIZE: '5' });

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

it(
  'a worker killed while it waits for the marketplace to process the uploads: the next one lists each refused item once, sending nothing again',
  async () => {
    const account = await pricedAccount(api, emulator, 10);
    emulator.context.sellers.get(account.sellerId)!.prices.refuse([
      { nmID: account.nmIds[1], errorText: 'Цена ниже минимально допустимой' },
      { nmID: account.nmIds[7], errorText: 'Товар заблокирован' },
    ]);
    emulator.context.settings.priceApplyDelayMs = 3000;
    try {
      const first = startWorker();
      await waitForOutput(first, /"msg":"started"/);
      const created = await api.request({
        method: 'POST',
        url: '/pricing/bulk',
        headers: account.auth,
        payload: { mpAccountId: account.accountId, items: account.nmIds.map((nmID) => ({ nmID, price: 1300 })) },
      });
      expect(created.statusCode, created.body).toBe(202);
      while (callsOf(emulator, account.sellerId, 'prices', bufferGoods.path).length === 0)
        await new Promise((resolve) => setTimeout(resolve, 10));
      first.child.kill('SIGKILL');
      await first.exited;

      startWorker();
      const report = await finishedBulk(api, account.auth, created.json().bulkJobId, RESUME_TIMEOUT_MS);
      expect(report).toMatchObject({ status: 'completed', counters: { items: 10, chunks: 2, accepted: 2, rejected: 0 } });
      expect(report.result).toMatchObject({
        confirmation: 'complete',
        itemsRejected: 2,
        itemsUnconfirmed: 0,
        rejectedItems: [
          { chunkIndex: 0, nmId: account.nmIds[1], errorText: 'Цена ниже минимально допустимой' },
          { chunkIndex: 1, nmId: account.nmIds[7], errorText: 'Товар заблокирован' },
        ],
      });
      expect(callsOf(emulator, account.sellerId, 'prices', priceUpload.path).map((call) => call.status)).toEqual([200, 200]);
    } finally {
      emulator.context.settings.priceApplyDelayMs = 0;
    }
  },
  RESUME_TIMEOUT_MS + 30_000,
);
