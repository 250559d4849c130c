import { Injectable, Module } from '@nestjs/common';

import { MOSCOW_TZ } from '../../src/common/time/moscow-time';
import { defineJob } from '../../src/queue/job-definition';
import { JobHandler } from '../../src/queue/job-handler.decorator';

export const NIGHTLY_TEST_JOB = defineJob<Record<string, never>>({
  name: 'test.nightly',
  queue: 'test-schedules',
  schedule: { pattern: '0 4 * * *', tz: MOSCOW_TZ },
});
export const UNHANDLED_TWICE_JOB = defineJob<Record<string, never>>({ name: 'test.twice', queue: 'test-duplicate-handlers' });
export const HANDLED_JOB = defineJob<Record<string, never>>({ name: 'test.handled', queue: 'test-missing-handlers' });
export const UNHANDLED_JOB = defineJob<Record<string, never>>({ name: 'test.unhandled', queue: 'test-missing-handlers' });

@Injectable()
class ScheduledTestJobs {
  @JobHandler(NIGHTLY_TEST_JOB)
  async run(): Promise<void> {}
}

/** A scheduled job, as a module of the product would declare one. */
@Module({ providers: [ScheduledTestJobs] })
export class ScheduledJobModule {}

@Injectable()
class FirstDuplicateTestJobs {
  @JobHandler(UNHANDLED_TWICE_JOB)
  async run(): Promise<void> {}
}

@Injectable()
class SecondDuplicateTestJobs {
  @JobHandler(UNHANDLED_TWICE_JOB)
  async run(): Promise<void> {}
}

/** Two handlers for one job: the application must refuse to start. */
@Module({ providers: [FirstDuplicateTestJobs, SecondDuplicateTestJobs] })
export class DuplicateHandlerModule {}

@Injectable()
class MissingHandlerTestJobs {
  @JobHandler(HANDLED_JOB)
  async run(): Promise<void> {}
}

/** A job of a queue the worker works with no handler: the application must refuse to start. */
@Module({ providers: [MissingHandlerTestJobs] })
export class MissingHandlerModule {}
