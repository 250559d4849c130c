import { randomUUID } from 'node:crypto';

import type { FastifyReply } from 'fastify';

/** Reference 0.3: the common error body of every scope, application/problem+json. */
export interface Problem {
  title: string;
  detail: string;
  code: string;
  requestId: string;
  origin: string;
  status: number;
  statusText: string;
  timestamp: string;
}

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function problem(status: number, title: string, detail: string, origin = 's2s-api-auth-catalog'): Problem {
  return {
    title,
    detail,
    code: randomUUID().replace(/-/g, '').slice(0, 24),
    requestId: randomUUID().replace(/-/g, ''),
    origin,
    status,
    statusText: STATUS_TEXT[status] ?? 'Error',
    timestamp: new Date().toISOString(),
  };
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.status(body.status).header('content-type', 'application/problem+json').send(JSON.stringify(body));
}
