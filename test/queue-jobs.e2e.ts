import type { Job } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { SCHEDULED_JOB_PRIORITY, USER_JOB_PRIORITY } from '../src/queue/job-priority';
import { QueueService } from '../src/queue/queue.service';
import { captureLogs } from './support/log-capture';
import {
  CHECKED_TEST_JOB,
  DATABASE_ERROR_TEST_JOB,
  FAN_OUT_TEST_JOB,
  QUEUE_TEST_QUEUE,
  QueueTestJobsModule,
  RECORDED_TEST_JOB,
  recordedLabels,
} from './support/queue-test-jobs.module';
import { startTestApp, TestApp } from './support/test-app';
import { until } from './support/until';

let t: TestApp;
let queues: QueueService;
const logs = captureLogs();

beforeAll(async () => {
  // One job at a time: the order the worker takes waiting jobs in is the order they run in.
  t = await startTestApp({
    env: { APP_ROLE: 'all', SYNC_QUEUE_CONCURRENCY: '1' },
    extraImports: [QueueTestJobsModule],
    rootLogger: logs.rootLogger,
  });
  queues = t.app.get(QueueService);
});
afterAll(() => t.close());
beforeEach(async () => {
  recordedLabels.length = 0;
  await queues.queue(QUEUE_TEST_QUEUE).resume();
});

describe('priority of user jobs over scheduled ones (every queue)', () => {
  it('a user job enqueued behind a backlog of scheduled jobs runs first', async () => {
    const queue = queues.queue(QUEUE_TEST_QUEUE);
    await queue.pause();
    for (let n = 1; n <= 5; n += 1) await queues.enqueue(RECORDED_TEST_JOB, { label: `scheduled-${n}`, trigger: 'scheduled' });
    await queues.enqueue(RECORDED_TEST_JOB, { label: 'user' });
    await queue.resume();
    await until(
      async () => recordedLabels.length,
      (length) => length === 6,
    );
    expect(recordedLabels).toEqual(['user', 'scheduled-1', 'scheduled-2', 'scheduled-3', 'scheduled-4', 'scheduled-5']);
  });

  it('what a scheduled job enqueues is scheduled too; what a user job enqueues is not', async () => {
    await queues.enqueue(FAN_OUT_TEST_JOB, { labels: ['from-scheduled'], trigger: 'scheduled' });
    await queues.enqueue(FAN_OUT_TEST_JOB, { labels: ['from-user'] });
    const recorded = await until(
      async () =>
        (await queues.queue(QUEUE_TEST_QUEUE).getJobs(['completed'])).filter(
          (job: Job) => job.name === RECORDED_TEST_JOB.name && job.data.label.startsWith('from-'),
        ),
      (jobs) => jobs.length === 2,
    );
    const priorityOf = (label: string) => recorded.find((job) => job.data.label === label)!.priority;
    expect(priorityOf('from-scheduled')).toBe(SCHEDULED_JOB_PRIORITY);
    expect(priorityOf('from-user')).toBe(USER_JOB_PRIORITY);
  });

  it("what a job scheduler's tick fans out is scheduled", async () => {
    const queue = queues.queue(QUEUE_TEST_QUEUE);
    await queue.upsertJobScheduler(
      'test.fan-out-schedule',
      { every: 3_600_000 },
      { name: FAN_OUT_TEST_JOB.name, data: { labels: ['from-scheduler'] } },
    );
    try {
      const [fannedOut] = await until(
        async () => (await queue.getJobs(['completed'])).filter((job: Job) => job.data.label === 'from-scheduler'),
        (jobs) => jobs.length === 1,
      );
      expect(fannedOut.priority).toBe(SCHEDULED_JOB_PRIORITY);
    } finally {
      await queue.removeJobScheduler('test.fan-out-schedule');
    }
  });
});

describe('payload check of a job definition', () => {
  it('refuses to enqueue a payload that does not fit, and ends at once a job whose stored payload does not fit', async () => {
    await expect(queues.enqueue(CHECKED_TEST_JOB, { label: 7 } as unknown as { label: string })).rejects.toThrow(
      'The payload of job test.checked does not fit version 2',
    );
    // As a build with another payload shape would have left it.
    const stored = await queues.queue(QUEUE_TEST_QUEUE).add(CHECKED_TEST_JOB.name, { text: 'old shape' }, { attempts: 3 });
    const failed = await until(
      async () => (await queues.queue(QUEUE_TEST_QUEUE).getJob(stored.id!))!,
      (job) => job.finishedOn !== undefined,
    );
    expect(failed.failedReason).toBe('The payload of job test.checked does not fit version 2');
    expect(failed.attemptsMade).toBe(1);
    expect(recordedLabels).toEqual([]);
  });
});

describe('job status read model', () => {
  it('a job not started yet reports the phase queued, with its attempt; a delayed one says when it becomes due', async () => {
    await queues.queue(QUEUE_TEST_QUEUE).pause();
    const waiting = await queues.enqueue(RECORDED_TEST_JOB, { label: 'waiting' });
    const dueAt = Date.now() + 60_000;
    const delayed = await queues.enqueue(RECORDED_TEST_JOB, { label: 'delayed' }, { delay: 60_000 });
    expect(await queues.status(RECORDED_TEST_JOB, waiting)).toMatchObject({
      state: 'pending',
      progress: { phase: 'queued', message: 'Задача в очереди', resumeAt: null, attempt: 1, maxAttempts: 1, counters: {} },
    });
    const delayedStatus = await queues.status(RECORDED_TEST_JOB, delayed);
    expect(delayedStatus).toMatchObject({ state: 'pending', progress: { phase: 'queued' } });
    expect(Math.abs(Date.parse(delayedStatus!.progress!.resumeAt!) - dueAt)).toBeLessThan(1000);
    await queues.queue(QUEUE_TEST_QUEUE).remove(delayed);
  });

  it('a finished job without reported progress shows none', async () => {
    const jobId = await queues.enqueue(RECORDED_TEST_JOB, { label: 'done' });
    const done = await until(
      () => queues.status(RECORDED_TEST_JOB, jobId),
      (status) => status?.state === 'completed',
    );
    expect(done!.progress).toBeNull();
  });

  it('a job failing on a database error keeps the public message as its failure reason: no statement, no parameters', async () => {
    const secret = 'parameter-value-7f3a9c';
    const jobId = await queues.enqueue(DATABASE_ERROR_TEST_JOB, { secret });
    const failed = await until(
      () => queues.status(DATABASE_ERROR_TEST_JOB, jobId),
      (status) => status?.state === 'failed',
    );
    expect(failed!.failedReason).toMatch(/[А-Яа-яЁё]/);
    expect(failed!.failedReason).not.toContain(secret);
    expect(failed!.failedReason).not.toMatch(/select|secret_column|params/i);
    const job = await queues.queue(QUEUE_TEST_QUEUE).getJob(jobId);
    expect(JSON.stringify(job!.stacktrace)).not.toContain(secret);
    // The log line names the statement and PostgreSQL's code, never a value.
    const line = logs.lines
      .filter((candidate) => candidate.includes('job failed'))
      .map((candidate) => JSON.parse(candidate) as { jobId?: string })
      .find((entry) => entry.jobId === jobId);
    expect(line).toMatchObject({
      job: DATABASE_ERROR_TEST_JOB.name,
      err: failed!.failedReason,
      cause: { type: 'DatabaseError', statement: 'select', code: '22P02' },
    });
    expect(logs.lines.join('\n')).not.toContain(secret);
  });
});
