import { setTimeout as sleep } from 'node:timers/promises';

import { Injectable } from '@nestjs/common';

import { defineJob } from '../../queue/job-definition';
import { JobHandler } from '../../queue/job-handler.decorator';

export interface ExampleProcessPayload {
  /** The user who queued the job: only they (and admins) see it, and it counts against their bound. */
  ownerId: string;
  message: string;
  workMs: number;
}

export interface ExampleProcessResult {
  echo: string;
  processedAt: string;
}

export const EXAMPLE_PROCESS_JOB = defineJob<ExampleProcessPayload>({
  name: 'examples.process',
  queue: 'examples',
  attempts: 3,
  backoffMs: 1000,
});

@Injectable()
export class ExamplesJobs {
  /** Idempotent: the result depends on the payload only. */
  @JobHandler(EXAMPLE_PROCESS_JOB)
  async process(payload: ExampleProcessPayload): Promise<ExampleProcessResult> {
    if (payload.workMs > 0) await sleep(payload.workMs);
    return { echo: payload.message, processedAt: new Date().toISOString() };
  }
}
