import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SCHEDULED_JOB_PRIORITY } from '../src/queue/job-priority';
import { QueueService } from '../src/queue/queue.service';
import { DuplicateHandlerModule, MissingHandlerModule, NIGHTLY_TEST_JOB, ScheduledJobModule } from './support/scheduled-job.module';
import { startTestApp, TestApp } from './support/test-app';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await startTestApp({ env: { APP_ROLE: 'worker', SCHEDULES_ENABLED: 'true' }, extraImports: [ScheduledJobModule] });
  second = await startTestApp({
    shareWith: first,
    env: { APP_ROLE: 'worker', SCHEDULES_ENABLED: 'true' },
    extraImports: [ScheduledJobModule],
  });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('job schedulers', () => {
  it('two worker replicas register one scheduler per scheduled job, in Moscow time, with one next run', async () => {
    const queue = first.app.get(QueueService).queue(NIGHTLY_TEST_JOB.queue);
    await expect.poll(() => queue.getJobSchedulers().then((list) => list.length), { timeout: 15_000 }).toBe(1);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: 'test.nightly', name: 'test.nightly', pattern: '0 4 * * *', tz: 'Europe/Moscow' });
    const delayed = await queue.getDelayed();
    expect(delayed).toHaveLength(1);
    // 04:00 in Moscow (UTC+3) is 01:00 UTC.
    expect(new Date(delayed[0].timestamp + delayed[0].delay).getUTCHours()).toBe(1);
  });

  it('the product registers its real schedules: cards daily 04:00, prices every 30 minutes at :04 and :34, repricer at :15 and :45, Moscow time, at scheduled priority', async () => {
    const queues = first.app.get(QueueService);
    const catalog = queues.queue('catalog-sync');
    const repricer = queues.queue('repricer');
    await expect
      .poll(async () => (await catalog.getJobSchedulers()).length + (await repricer.getJobSchedulers()).length, { timeout: 15_000 })
      .toBe(3);
    const registered = [...(await catalog.getJobSchedulers()), ...(await repricer.getJobSchedulers())].map(({ key, pattern, tz }) => ({
      key,
      pattern,
      tz,
    }));
    expect(registered.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'catalog.cards.schedule', pattern: '0 4 * * *', tz: 'Europe/Moscow' },
      { key: 'catalog.prices.schedule', pattern: '4,34 * * * *', tz: 'Europe/Moscow' },
      { key: 'repricer.schedule', pattern: '15,45 * * * *', tz: 'Europe/Moscow' },
    ]);
    const next = new Map([...(await catalog.getDelayed()), ...(await repricer.getDelayed())].map((job) => [job.name, job]));
    const dueAt = (name: string) => new Date(next.get(name)!.timestamp + next.get(name)!.delay);
    // 04:00 in Moscow (UTC+3) is 01:00 UTC; Moscow minutes are UTC minutes.
    expect([dueAt('catalog.cards.schedule').getUTCHours(), dueAt('catalog.cards.schedule').getUTCMinutes()]).toEqual([1, 0]);
    expect([4, 34]).toContain(dueAt('catalog.prices.schedule').getUTCMinutes());
    expect([15, 45]).toContain(dueAt('repricer.schedule').getUTCMinutes());
    expect(dueAt('catalog.prices.schedule').getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(dueAt('repricer.schedule').getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    for (const job of next.values()) expect(job.priority).toBe(SCHEDULED_JOB_PRIORITY);
  });

  it('the increment tier ticks 3 minutes past its interval: at :03 and :33 every 30 minutes', async () => {
    const digitization = first.app.get(QueueService).queue('digitization');
    await expect.poll(async () => (await digitization.getDelayed()).map((job) => job.name)).toContain('digitization.increment.schedule');
    const increment = (await digitization.getDelayed()).find((job) => job.name === 'digitization.increment.schedule')!;
    const dueAt = new Date(increment.timestamp + increment.delay);
    expect([3, 33]).toContain(dueAt.getUTCMinutes());
    expect(dueAt.getUTCSeconds()).toBe(0);
  });

  it.each([
    ['an api process', { APP_ROLE: 'api', SCHEDULES_ENABLED: 'true' }],
    ['a worker with SCHEDULES_ENABLED=false', { APP_ROLE: 'worker', SCHEDULES_ENABLED: 'false' }],
  ])('%s registers no scheduler', async (_name, env) => {
    const app = await startTestApp({ env, extraImports: [ScheduledJobModule] });
    try {
      // Registration runs in the background in worker roles; give it the time it takes there (well under a second).
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await app.app.get(QueueService).queue(NIGHTLY_TEST_JOB.queue).getJobSchedulers()).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('job handler check at start', () => {
  it('refuses to start when a job has two handlers', async () => {
    await expect(startTestApp({ extraImports: [DuplicateHandlerModule] })).rejects.toThrow('Job test.twice has more than one handler');
  });

  it('refuses to start when a job of a queue it works has no handler', async () => {
    await expect(startTestApp({ extraImports: [MissingHandlerModule] })).rejects.toThrow('Job test.unhandled has no handler');
  });
});
