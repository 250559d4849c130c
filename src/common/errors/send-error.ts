import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { ApiErrorBodyDto } from './api-error-body.dto';
import type { AppError } from './app-error';
import { errorSummary, loggableError } from './error-log';
import { toAppError } from './to-app-error';

const logger = new Logger('Errors');

export function errorBody(error: AppError, traceId: string): ApiErrorBodyDto {
  return { code: error.code, message: error.message, details: error.details, traceId };
}

/** Answers any error as ApiErrorBodyDto; unhandled errors are logged with their stack, never sent. */
export function sendError(request: FastifyRequest, reply: FastifyReply, exception: unknown): void {
  const error = toAppError(exception);
  if (error.code === 'INTERNAL_ERROR') {
    logger.error({ err: loggableError(exception), reqId: request.id }, 'unhandled error');
  } else if (error.status >= 500) {
    logger.warn({ code: error.code, reqId: request.id, cause: errorSummary(error.cause) }, error.message);
  }
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  reply.status(error.status).send(errorBody(error, request.id));
}
