import { FastifyAdapter } from '@nestjs/platform-fastify';

import { sendError } from '../common/errors/send-error';

/**
 * Nest's own Fastify error handler turns Fastify's errors (bad JSON, body over the limit) into a bare
 * HttpException and loses their code; ours answers them, and errors of non-Nest routes, directly.
 */
export class ApiFastifyAdapter extends FastifyAdapter {
  override setErrorHandler(): ReturnType<FastifyAdapter['setErrorHandler']> {
    return this.getInstance().setErrorHandler((error, request, reply) => sendError(request, reply, error));
  }
}
