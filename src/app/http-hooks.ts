import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { Logger as Pino } from 'pino';
import { MetricsService } from '../metrics/metrics.service';

/** Route template for logs and metric labels; one label for every unmatched path keeps metrics bounded. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** X-Request-Id on every response, and one log line plus metrics per request. */
export function registerHttpHooks(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const metrics = app.get(MetricsService);

  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  fastify.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const durationMs = reply.elapsedTime;
    metrics.observeRequest(request.method, route, reply.statusCode, durationMs / 1000);
    // pino-http's child logger carries reqId; requests refused before the middleware ran use the root logger.
    const log = (request.raw as { log?: Pino }).log ?? PinoLogger.root.child({ reqId: request.id });
    log.info({ method: request.method, route, url: route === 'unmatched' ? request.url.split('?')[0] : undefined, status: reply.statusCode, durationMs: Math.round(durationMs * 10) / 10 }, 'request');
  });
}
