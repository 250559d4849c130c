import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

import { NO_SNIFF, NO_SNIFF_HEADER } from '../common/http/no-sniff';
import { requestLogLine } from './request-log-line';

/** Where each answered request is counted (MetricsService). */
export interface RequestObserver {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** Route template for logs and metric labels; one label for every unmatched path keeps metrics bounded. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * X-Request-Id, nosniff, metrics and the one log line per request, in a single onSend hook: it runs for every
 * response (routes, errors, unknown paths, Fastify's own refusals), and each extra hook type costs a pass per request.
 */
export function registerHttpHooks(fastify: FastifyInstance, metrics: RequestObserver, logger: Logger): void {
  const logRequest = requestLogLine(logger);

  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    reply.header(NO_SNIFF_HEADER, NO_SNIFF);
    const route = routeOf(request);
    const durationMs = reply.elapsedTime;
    metrics.observeRequest(request.method, route, reply.statusCode, durationMs / 1000);
    logRequest({
      reqId: request.id,
      method: request.method,
      route,
      url: route === 'unmatched' ? request.url.split('?')[0] : undefined,
      status: reply.statusCode,
      durationMs: Math.round(durationMs * 10) / 10,
    });
    done(null, payload);
  });
}
