import { afterAll, beforeAll, expect, it } from 'vitest';

import { RunningEmulator, startEmulator } from '../emulator/src/emulator';
import { AUTOBIDDER_SYNC_JOB } from '../src/modules/autobidder/autobidder.jobs';
import { AUTOREPLY_SYNC_JOB } from '../src/modules/autoreply/autoreply.jobs';
import { AccountFanOut } from '../src/queue/account-fan-out';
import { AccountJobs } from '../src/queue/account-jobs';
import { USER_JOB_PRIORITY } from '../src/queue/job-priority';
import { QueueService } from '../src/queue/queue.service';
import { callsOf, emulatedAccount } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
/** Only HTTP: a scheduled job stays queued until the test starts a worker. */
let api: TestApp;

const ENV = { MP_API_RATE_WINDOW_PERCENT: '1' };

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, limits: false });
  api = await startTestApp({ env: { APP_ROLE: 'api', MP_API_BASE_URL: emulator.url, ...ENV } });
});
afterAll(async () => {
  await api.close();
  await emulator.close();
});

it.each([
  ['/autoreply/sync', AUTOREPLY_SYNC_JOB],
  ['/autobidder/sync', AUTOBIDDER_SYNC_JOB],
])(
  "POST %s while the account's scheduled sync waits makes that job the user's: it waits for a busy account and runs, never skipped",
  async (url, definition) => {
    const account = await emulatedAccount(api, emulator, { cards: 5, campaigns: 2 });
    const queue = api.app.get(QueueService).queue(definition.queue);
    await api.app.get(AccountFanOut).fanOutPerAccount(definition, [account.accountId]);
    const scheduledId = await queue.getDeduplicationJobId(`${definition.name}|${account.accountId}`);
    expect(scheduledId).toBeTruthy();

    const response = await api.request({ method: 'POST', url, headers: account.owner.auth, payload: { mpAccountId: account.accountId } });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ jobId: scheduledId, alreadyRunning: true });
    const job = (await queue.getJob(scheduledId!))!;
    expect(job.priority).toBe(USER_JOB_PRIORITY);
    expect(job.data).toEqual({ mpAccountId: account.accountId });

    // Another job of the account runs when a worker takes the sync: a scheduled sync would end skipped.
    const other = await api.app.get(AccountJobs).leases.acquire(account.accountId, 'another-job', 'user');
    const worker = await startTestApp({ shareWith: api, env: { APP_ROLE: 'worker', MP_API_BASE_URL: emulator.url, ...ENV } });
    try {
      const status = (jobId: string) =>
        api.request({ method: 'GET', url: `${url}/status/${jobId}`, headers: account.owner.auth }).then((answer) => answer.json());
      await until(
        () => status(scheduledId!),
        (found) => found.progress?.phase === 'waiting-account',
      );
      expect(callsOf(emulator, account.sellerId)).toHaveLength(0);
      await other!.release();
      const done = await until(
        () => status(scheduledId!),
        (found) => found.state === 'completed' || found.state === 'failed',
        30_000,
      );
      expect(done.state).toBe('completed');
      expect(done.result).toMatchObject({ message: expect.stringMatching(/^Синхронизация завершена/) });
      expect(callsOf(emulator, account.sellerId).length).toBeGreaterThan(0);
    } finally {
      await worker.close();
    }
  },
  60_000,
);
