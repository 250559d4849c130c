import { timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { AppError } from '../common/errors/app-error';
import { sendError } from '../common/errors/send-error';
import { AppConfig, BasicAuthPair } from '../config/app-config';

export type OpsAccess = { mode: 'open' } | { mode: 'basic'; pair: BasicAuthPair } | { mode: 'off' };

/** Spec: Service routes. Open outside production; in production behind Basic, or absent when no pair is set. */
export function opsAccess(config: AppConfig, pair: BasicAuthPair | null): OpsAccess {
  if (config.env !== 'production') return { mode: 'open' };
  return pair ? { mode: 'basic', pair } : { mode: 'off' };
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A Fastify onRequest hook that asks for HTTP Basic credentials. */
export function basicAuthHook(pair: BasicAuthPair, realm: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const header = request.headers.authorization ?? '';
    const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    const separator = decoded.indexOf(':');
    if (separator > 0 && same(decoded.slice(0, separator), pair.user) && same(decoded.slice(separator + 1), pair.password))
      return undefined;
    reply.header('WWW-Authenticate', `Basic realm="${realm}", charset="UTF-8"`);
    sendError(request, reply, new AppError('UNAUTHORIZED'));
    return reply;
  };
}
