import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { MetricsService } from '../metrics/metrics.service';

/** Route template for logs and metric labels; one label for every unmatched path keeps metrics bounded. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** X-Request-Id on every response; one log line plus metrics per request. */
export function registerHttpHooks(app: NestFastifyApplication, logger: Logger): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const metrics = app.get(MetricsService);
  // The request line holds only safe fields (no headers, no query, no body), so it skips redaction, which cost ~30 % of a request.
  const requestLog = logger.child({}, { redact: [] });

  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });

  fastify.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    const durationMs = reply.elapsedTime;
    metrics.observeRequest(request.method, route, reply.statusCode, durationMs / 1000);
    requestLog.info(
      { reqId: request.id, method: request.method, route, url: route === 'unmatched' ? request.url.split('?')[0] : undefined, status: reply.statusCode, durationMs: Math.round(durationMs * 10) / 10 },
      'request',
    );
    done();
  });
}
