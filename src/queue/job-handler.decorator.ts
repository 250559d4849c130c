import { SetMetadata } from '@nestjs/common';

import { JobDefinition } from './job-definition';

export const JOB_HANDLER = Symbol('JOB_HANDLER');

/** Marks a provider method as the handler of a job; the worker checks at start that every job has exactly one. */
export const JobHandler = (definition: JobDefinition<unknown>): MethodDecorator => SetMetadata(JOB_HANDLER, definition);
