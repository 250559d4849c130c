import { SetMetadata } from '@nestjs/common';

import { JobDefinition } from './job-definition';

export const JOB_HANDLER = Symbol('JOB_HANDLER');
export const JOB_FAILED_HANDLER = Symbol('JOB_FAILED_HANDLER');

/** Marks a provider method as the handler of a job; the worker checks at start that every job has exactly one. */
export const JobHandler = (definition: JobDefinition<unknown>): MethodDecorator => SetMetadata(JOB_HANDLER, definition);

/**
 * Marks a provider method `(job, message)` as what runs once when jobs of these definitions fail for good (an
 * incurable error or the last attempt), before the failed phase is reported.
 */
export const JobFailedHandler = (...definitions: JobDefinition<unknown>[]): MethodDecorator => SetMetadata(JOB_FAILED_HANDLER, definitions);
