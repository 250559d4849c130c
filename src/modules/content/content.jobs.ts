import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AppError } from '../../common/errors/app-error';
import { JobFailedHandler, JobHandler } from '../../queue/job-handler.decorator';
import { reportProgress } from '../../queue/job-progress';
import { ContentGeneration, GenerationResult } from './content-generation';
import {
  CONTENT_GENERATE_JOB,
  CONTENT_PUBLISH_JOB,
  CONTENT_VERIFY_JOB,
  ContentGeneratePayload,
  ContentPublishPayload,
} from './content-job-definitions';
import { ContentPublisher, PublishOutcome, VerifyOutcome } from './content-publisher';

@Injectable()
export class ContentJobs {
  constructor(
    private readonly generation: ContentGeneration,
    private readonly publisher: ContentPublisher,
  ) {}

  @JobHandler(CONTENT_GENERATE_JOB)
  async generate(payload: ContentGeneratePayload, job: Job<ContentGeneratePayload>): Promise<GenerationResult & { message: string }> {
    const total = payload.nmIds.length;
    await reportProgress(job, { phase: 'running', message: `Готовим тексты: 0 из ${total}`, counters: { cards: total, done: 0 } });
    try {
      const result = await this.generation.run({ ...payload, jobId: job.id as string }, (done) =>
        reportProgress(job, { phase: 'running', message: `Готовим тексты: ${done} из ${total}`, counters: { done } }),
      );
      return { ...result, message: `Черновиков: ${result.drafts.length}, карточек нет на маркетплейсе: ${result.missing.length}` };
    } catch (error) {
      if (error instanceof AppError) await job.updateData({ ...payload, errorCode: error.code });
      throw error;
    }
  }

  @JobHandler(CONTENT_PUBLISH_JOB)
  publish(payload: ContentPublishPayload): Promise<PublishOutcome> {
    return this.publisher.publish(payload);
  }

  @JobFailedHandler(CONTENT_PUBLISH_JOB)
  publishFailed(job: Job<ContentPublishPayload>, message: string): Promise<void> {
    return this.publisher.failed(job.data, message);
  }

  @JobHandler(CONTENT_VERIFY_JOB)
  verify(payload: ContentPublishPayload): Promise<VerifyOutcome> {
    return this.publisher.verify(payload);
  }
}
