import type { Job } from 'bullmq';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { RateBuckets } from '../src/marketplace/client/rate-buckets';
import { goodsList } from '../src/marketplace/endpoints/prices';
import { AccountBusy, AccountJobs, SKIPPED_ACCOUNT_BUSY } from '../src/queue/account-jobs';
import { AccountLeases, LEASE_HEARTBEAT_MS, LEASE_TTL_MS } from '../src/queue/account-lease';
import type { JobProgress } from '../src/queue/job-progress';
import { QueueService } from '../src/queue/queue.service';
import { ACCOUNT_SYNC_RETRIED_TEST_JOB, ACCOUNT_SYNC_TEST_JOB, AccountJobTestModule } from './support/account-job.module';
import { callsOf, emulatedAccount, injectFaults, RunningEmulator, startEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';
import { TEST_REDIS_URL } from './support/test-env';
import { until } from './support/until';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('account leases', () => {
  let redis: Redis;
  const prefix = `tlease${Date.now()}`;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('the lease lives 90 s and its heartbeat renews it every 30 s (spec: Job level)', async () => {
    expect([LEASE_TTL_MS, LEASE_HEARTBEAT_MS]).toEqual([90_000, 30_000]);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const lease = await new AccountLeases(redis, prefix).acquire('acc-constants', 'A', 'user');
      const key = `${prefix}:lease:acc-constants`;
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(89_000);
      expect(ttl).toBeLessThanOrEqual(90_000);
      await redis.pexpire(key, 60_000);
      vi.advanceTimersByTime(29_999);
      await sleep(100);
      expect(await redis.pttl(key)).toBeLessThanOrEqual(60_000);
      vi.advanceTimersByTime(1);
      await until(
        () => redis.pttl(key),
        (left) => left > 89_000,
        2000,
      );
      await lease!.release();
    } finally {
      vi.useRealTimers();
    }
  });

  it('one holder at a time; the heartbeat keeps the lease past its TTL; release frees it', async () => {
    const leases = new AccountLeases(redis, prefix, { ttlMs: 300, heartbeatMs: 100 });
    const first = await leases.acquire('acc-1', 'A', 'user');
    expect(first).not.toBeNull();
    expect(await leases.acquire('acc-1', 'B', 'user')).toBeNull();
    await sleep(500);
    expect(await leases.acquire('acc-1', 'B', 'user')).toBeNull();
    expect(first!.isLost).toBe(false);
    await first!.release();
    const second = await leases.acquire('acc-1', 'B', 'user');
    expect(second).not.toBeNull();
    await second!.release();
  });

  it('a holder that stopped beating (a crashed worker) is taken over after expiry, and cannot release the new lease', async () => {
    const crashed = new AccountLeases(redis, prefix, { ttlMs: 300, heartbeatMs: 60_000 });
    const live = new AccountLeases(redis, prefix, { ttlMs: 300, heartbeatMs: 100 });
    const stale = await crashed.acquire('acc-2', 'A', 'user');
    expect(await live.acquire('acc-2', 'B', 'user')).toBeNull();
    await sleep(400);
    const takeover = await live.acquire('acc-2', 'B', 'user');
    expect(takeover).not.toBeNull();
    await stale!.release();
    expect(await live.acquire('acc-2', 'C', 'user')).toBeNull();
    await takeover!.release();
  });

  it('the same holder (its job resumed by another worker) takes its lease back before it expires', async () => {
    const crashed = new AccountLeases(redis, prefix, { ttlMs: 60_000, heartbeatMs: 60_000 });
    await crashed.acquire('acc-4', 'catalog-sync:job-1', 'user');
    const resumed = await new AccountLeases(redis, prefix).acquire('acc-4', 'catalog-sync:job-1', 'user');
    expect(resumed).not.toBeNull();
    expect(await crashed.acquire('acc-4', 'catalog-sync:job-2', 'user')).toBeNull();
    await resumed!.release();
  });

  it('a user that waits is woken by the release, and gets nothing once its wait is over', async () => {
    const leases = new AccountLeases(redis, prefix, { ttlMs: 60_000, heartbeatMs: 30_000 });
    const running = await leases.acquire('acc-5', 'running', 'user');
    const started = Date.now();
    setTimeout(() => void running!.release(), 300);
    const waited = await leases.acquire('acc-5', 'waiting', 'user', 5000);
    expect(waited?.holder).toBe('waiting');
    expect(Date.now() - started).toBeLessThan(900);
    const late = Date.now();
    expect(await leases.acquire('acc-5', 'late', 'user', 400)).toBeNull();
    expect(Date.now() - late).toBeGreaterThanOrEqual(400);
    await waited!.release();
  });

  it('user jobs come first: a waiting user job keeps scheduled jobs off the lease', async () => {
    const leases = new AccountLeases(redis, prefix, { ttlMs: 1000, heartbeatMs: 300 });
    const running = await leases.acquire('acc-3', 'running', 'user');
    expect(await leases.acquire('acc-3', 'user-job', 'user')).toBeNull();
    await running!.release();
    expect(await leases.acquire('acc-3', 'scheduled-job', 'scheduled')).toBeNull();
    const user = await leases.acquire('acc-3', 'user-job', 'user');
    expect(user).not.toBeNull();
    await user!.release();
    const scheduled = await leases.acquire('acc-3', 'scheduled-job', 'scheduled');
    expect(scheduled).not.toBeNull();
    await scheduled!.release();
  });
});

describe('marketplace jobs', () => {
  let emulator: RunningEmulator;
  let worker: TestApp;
  let queues: QueueService;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, limits: false });
    worker = await startTestApp({
      env: { APP_ROLE: 'all', MP_API_BASE_URL: emulator.url, MP_API_RETRY_BASE_MS: '50' },
      extraImports: [AccountJobTestModule],
    });
    queues = worker.app.get(QueueService);
  });
  afterAll(async () => {
    await worker.close();
    await emulator.close();
  });

  async function jobOf(id: string): Promise<Job> {
    return (await queues.queue(ACCOUNT_SYNC_TEST_JOB.queue).getJob(id))!;
  }

  it('a token wait over 5 s moves the job to delayed (phase rate-limited, resumeAt) without using an attempt', async () => {
    const account = await emulatedAccount(worker, emulator);
    // Well over 5 s, so that a slow start of the job still finds a wait over 5 s.
    const reopensAt = Date.now() + 8000;
    await worker.app.get(RateBuckets).penalise({ accountId: account.accountId, scope: 'prices', path: goodsList.path }, reopensAt);
    const id = await queues.enqueue(ACCOUNT_SYNC_TEST_JOB, { accountId: account.accountId });

    const delayed = await until(
      () => jobOf(id),
      (job) => (job.progress as JobProgress | undefined)?.phase === 'rate-limited',
    );
    expect(await delayed.getState()).toBe('delayed');
    const progress = delayed.progress as JobProgress;
    expect(Math.abs(Date.parse(progress.resumeAt!) - reopensAt)).toBeLessThan(1000);
    expect(progress).toMatchObject({ attempt: 1, maxAttempts: 1 });
    expect(progress.message).toMatch(/Лимит запросов маркетплейса/);
    expect(callsOf(emulator, account.sellerId)).toHaveLength(0);

    // One attempt only: had the wait used it, the job would have failed.
    const done = await until(
      () => jobOf(id),
      (job) => job.finishedOn !== undefined,
    );
    expect(await done.getState()).toBe('completed');
    expect(done.returnvalue).toEqual({ status: 200 });
    expect(done.attemptsMade).toBe(1);
    expect(callsOf(emulator, account.sellerId)[0].atMs).toBeGreaterThanOrEqual(reopensAt);
  });

  it('a user job waits for a busy account (phase waiting-account); a scheduled one ends skipped: account-busy', async () => {
    const account = await emulatedAccount(worker, emulator);
    const other = await worker.app.get(AccountJobs).leases.acquire(account.accountId, 'another-job', 'user');
    const scheduled = await worker.app
      .get(AccountJobs)
      .withLease({ repeatJobKey: 'every-30-min', queueName: 'q', id: 's1' } as Job, account.accountId, async () => 'ran');
    expect(scheduled).toEqual(SKIPPED_ACCOUNT_BUSY);

    const id = await queues.enqueue(ACCOUNT_SYNC_TEST_JOB, { accountId: account.accountId });
    const waiting = await until(
      () => jobOf(id),
      (job) => (job.progress as JobProgress | undefined)?.phase === 'waiting-account',
    );
    expect(await waiting.getState()).toBe('delayed');
    await other!.release();
    const done = await until(
      () => jobOf(id),
      (job) => job.finishedOn !== undefined,
    );
    expect(await done.getState()).toBe('completed');
    expect(done.attemptsMade).toBe(1);
  });

  it('a scheduled job that a user made theirs after a worker read it waits for the busy account instead of ending skipped', async () => {
    const account = await emulatedAccount(worker, emulator);
    const other = await worker.app.get(AccountJobs).leases.acquire(account.accountId, 'another-job', 'user');
    try {
      const queue = queues.queue('takeover-check');
      // The worker's copy still says scheduled; the stored job is the user's (what takeOver writes).
      const read = await queue.add('takeover-check', { trigger: 'scheduled' });
      const { trigger: _scheduled, ...userData } = read.data;
      await (await queue.getJob(read.id!))!.updateData(userData);
      await expect(worker.app.get(AccountJobs).withLease(read, account.accountId, async () => 'ran')).rejects.toBeInstanceOf(AccountBusy);
      await queue.obliterate({ force: true });
    } finally {
      await other!.release();
    }
  });

  it('a key the marketplace rejects ends the job at once, whatever its attempts', async () => {
    const account = await emulatedAccount(worker, emulator);
    injectFaults(emulator, [{ scope: 'prices', status: 401, times: 5 }]);
    const id = await queues.enqueue(ACCOUNT_SYNC_RETRIED_TEST_JOB, { accountId: account.accountId });
    const done = await until(
      () => jobOf(id),
      (job) => job.finishedOn !== undefined,
    );
    expect(await done.getState()).toBe('failed');
    expect(done.attemptsMade).toBe(1);
    expect(done.failedReason).toMatch(/отклонил ключ/);
    emulator.context.faults.clear();
  });
});
