import { Inject, Injectable, Module } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../src/database/database.tokens';
import { defineJob } from '../../src/queue/job-definition';
import { JobHandler } from '../../src/queue/job-handler.decorator';
import { QueueService } from '../../src/queue/queue.service';

export const QUEUE_TEST_QUEUE = 'test-queue-jobs';
/** Records its label when it runs: the order of the labels is the order the worker took the jobs in. */
export const RECORDED_TEST_JOB = defineJob<{ label: string; trigger?: 'scheduled' }>({ name: 'test.recorded', queue: QUEUE_TEST_QUEUE });
/** Enqueues a recorded job per label, as a schedule's tick fans out per account. */
export const FAN_OUT_TEST_JOB = defineJob<{ labels: string[]; trigger?: 'scheduled' }>({ name: 'test.fan-out', queue: QUEUE_TEST_QUEUE });
/** Its payload is checked: a label of text. */
export const CHECKED_TEST_JOB = defineJob<{ label: string }>({
  name: 'test.checked',
  version: 2,
  queue: QUEUE_TEST_QUEUE,
  validate: (payload) => typeof (payload as { label?: unknown } | null)?.label === 'string',
});
/** Fails on a database error whose statement and parameters carry `secret`. */
export const DATABASE_ERROR_TEST_JOB = defineJob<{ secret: string }>({ name: 'test.database-error', queue: QUEUE_TEST_QUEUE });

export const recordedLabels: string[] = [];

@Injectable()
class QueueTestJobs {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly queues: QueueService,
  ) {}

  @JobHandler(RECORDED_TEST_JOB)
  async record(payload: { label: string }): Promise<void> {
    recordedLabels.push(payload.label);
  }

  @JobHandler(FAN_OUT_TEST_JOB)
  async fanOut(payload: { labels: string[] }): Promise<void> {
    for (const label of payload.labels) await this.queues.enqueue(RECORDED_TEST_JOB, { label });
  }

  @JobHandler(CHECKED_TEST_JOB)
  async recordChecked(payload: { label: string }): Promise<void> {
    recordedLabels.push(payload.label);
  }

  @JobHandler(DATABASE_ERROR_TEST_JOB)
  async failOnDatabase(payload: { secret: string }): Promise<void> {
    await this.db.execute(sql`SELECT ${payload.secret}::integer AS secret_column`);
  }
}

@Module({ providers: [QueueTestJobs] })
export class QueueTestJobsModule {}
