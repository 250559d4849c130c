import type { Job } from 'bullmq';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

import { CATALOG_CARDS_JOB, CATALOG_SYNC_JOB, CATALOG_SYNC_QUEUE } from '../src/modules/catalog/sync/catalog-sync.jobs';
import { AccountFanOut } from '../src/queue/account-fan-out';
import { QueueService } from '../src/queue/queue.service';
import { EmulatedAccount, emulatedAccount, RunningEmulator, startEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false });
  // One job at a time: the order the worker takes waiting jobs in is the order they run in.
  t = await startTestApp({ env: { APP_ROLE: 'all', MP_API_BASE_URL: emulator.url, SYNC_QUEUE_CONCURRENCY: '1' } });
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

it('a user POST /catalog/sync overtakes the backlog of a scheduled cards run across accounts', { timeout: 150_000 }, async () => {
  const scheduled: EmulatedAccount[] = [];
  for (let n = 0; n < 4; n += 1) scheduled.push(await emulatedAccount(t, emulator, { cards: 20 }));
  const user = await emulatedAccount(t, emulator, { cards: 20 });
  const queue = t.app.get(QueueService).queue(CATALOG_SYNC_QUEUE);
  await queue.pause();
  // The daily cards run fans out to every active account (the user's included) before the user asks.
  expect(await t.app.get(AccountFanOut).fanOutPerAccount(CATALOG_CARDS_JOB)).toEqual({ accounts: 5 });
  const owner = { authorization: `Bearer ${t.tokenFor('admin')}` };
  const started = await t.request({ method: 'POST', url: '/catalog/sync', headers: owner, payload: { mpAccountId: user.accountId } });
  expect(started.statusCode, started.body).toBe(202);
  const queued = await t.request({ method: 'GET', url: `/catalog/sync/status?mpAccountId=${user.accountId}`, headers: owner });
  expect(queued.json()).toMatchObject({ state: 'running', message: 'Синхронизация каталога в очереди' });
  await queue.resume();

  const jobs = await vi.waitFor(
    async () => {
      const done = await queue.getJobs(['completed']);
      if (done.length < 6) throw new Error(`${done.length} of 6 jobs done`);
      return done;
    },
    { timeout: 100_000, interval: 100 },
  );
  const userJob = jobs.find((job: Job) => job.id === started.json().jobId)!;
  expect(userJob.name).toBe(CATALOG_SYNC_JOB.name);
  const scheduledJobs = jobs.filter((job: Job) => job.name === CATALOG_CARDS_JOB.name);
  expect(scheduledJobs).toHaveLength(5);
  for (const job of scheduledJobs) expect(job.processedOn!).toBeGreaterThanOrEqual(userJob.finishedOn!);
  expect(scheduled.every((account) => scheduledJobs.some((job) => job.data.mpAccountId === account.accountId))).toBe(true);
});
