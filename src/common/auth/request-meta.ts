import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Where a request came from, for the audit log. */
export interface RequestMeta {
  requestId: string;
  ip: string;
}

export const CurrentRequestMeta = createParamDecorator((_data: unknown, context: ExecutionContext): RequestMeta => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return { requestId: request.id, ip: request.ip };
});
