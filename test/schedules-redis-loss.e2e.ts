import type Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { QueueService } from '../src/queue/queue.service';
import { REDIS } from '../src/redis/redis.module';
import { NIGHTLY_TEST_JOB, ScheduledJobModule } from './support/scheduled-job.module';
import { deleteRedisPrefix, startTestApp, TestApp } from './support/test-app';

const DAY_MS = 24 * 3600_000;

let worker: TestApp;
let api: TestApp;

beforeAll(async () => {
  worker = await startTestApp({
    env: { APP_ROLE: 'worker', SCHEDULES_ENABLED: 'true', SCHEDULES_CHECK_INTERVAL_MS: '1000' },
    extraImports: [ScheduledJobModule],
  });
  // Another deployment's api process (schedules on, but no worker registers them): what its /health tells.
  api = await startTestApp({ env: { APP_ROLE: 'api', SCHEDULES_ENABLED: 'true' }, extraImports: [ScheduledJobModule] });
});
afterAll(async () => {
  await api.close();
  await worker.close();
});

const scheduleNames = (app: TestApp) => app.app.get(QueueService).queue(NIGHTLY_TEST_JOB.queue).getJobSchedulers();
const health = async (app: TestApp) => (await app.request({ method: 'GET', url: '/health' })).json();

describe('schedules after Redis lost its data', () => {
  it('a worker registers them again within its check interval, and /health shows none missing', async () => {
    await expect.poll(async () => (await health(worker)).schedules, { timeout: 15_000 }).toEqual([]);
    await deleteRedisPrefix(worker.config.redis.prefix);
    expect(await scheduleNames(worker)).toHaveLength(0);
    await expect.poll(async () => (await scheduleNames(worker)).map(({ key }) => key), { timeout: 10_000 }).toEqual(['test.nightly']);
    const delayed = await worker.app.get(QueueService).queue(NIGHTLY_TEST_JOB.queue).getDelayed();
    expect(delayed.map((job) => job.name)).toEqual(['test.nightly']);
    await expect.poll(async () => (await health(worker)).schedules, { timeout: 10_000 }).toEqual([]);
  });
});

describe('GET /health and the schedules', () => {
  it('names every schedule missing in Redis, and answers 200', async () => {
    const response = await api.request({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    const { status, schedules } = response.json();
    expect(status).toBe('ok');
    expect(schedules).toContainEqual({ name: 'test.nightly', problem: 'missing', nextRunAt: null });
    expect(schedules).toContainEqual({ name: 'digitization.nightly.schedule', problem: 'missing', nextRunAt: null });
  });

  it('names a schedule whose tick is overdue by more than its interval as late, and not one overdue by less', async () => {
    const queue = api.app.get(QueueService).queue(NIGHTLY_TEST_JOB.queue);
    await queue.upsertJobScheduler(NIGHTLY_TEST_JOB.name, NIGHTLY_TEST_JOB.schedule as { pattern: string; tz: string });
    const client = api.app.get<Redis>(REDIS);
    const moveNextTo = (at: number) =>
      client.zadd(`${api.config.redis.prefix}:${NIGHTLY_TEST_JOB.queue}:repeat`, at, NIGHTLY_TEST_JOB.name);
    const nightly = async () => (await health(api)).schedules.find(({ name }: { name: string }) => name === NIGHTLY_TEST_JOB.name);

    const recent = Date.now() - DAY_MS / 2;
    await moveNextTo(recent);
    expect(await nightly()).toBeUndefined();

    const old = Date.now() - DAY_MS - 60_000;
    await moveNextTo(old);
    expect(await nightly()).toEqual({ name: 'test.nightly', problem: 'late', nextRunAt: new Date(old).toISOString() });
  });
});
