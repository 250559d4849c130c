import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

import { AppError } from '../errors/app-error';
import { sendError } from '../errors/send-error';
import { InboundLimiterService } from './inbound-limiter.service';
import type { ThrottleRouteConfig } from './throttle.decorator';

/**
 * Spec: Limits / Inbound. One onRequest hook counts every request before anything else runs: the API's routes,
 * unknown paths, /api/docs, /metrics and the queue board alike ("all routes"); only the health probes are exempt.
 * Not registered when the limiter is off, so that it costs nothing there. request.ip honours TRUST_PROXY_HOPS
 * through Fastify's trustProxy. Must be registered before the routes it covers.
 */
export function registerInboundLimit(app: NestFastifyApplication): void {
  const limiter = app.get(InboundLimiterService);
  if (!limiter.enabled) return;
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const logger = new Logger('InboundLimit');

  // Callback style: the exempt probes pass without a promise and a microtask.
  fastify.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.config as ThrottleRouteConfig | undefined;
    if (route?.skipThrottle) return done();
    limiter.hit(request.ip, route?.throttleGroup ? ['general', route.throttleGroup] : ['general']).then(
      (waitMs) => {
        if (waitMs === 0) return done();
        // Answered here: the context of unknown paths keeps Fastify's own error handler.
        sendError(request, reply, new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: Math.ceil(waitMs / 1000) }));
      },
      (error: Error) => {
        // Redis away: serve rather than refuse everyone; /health reports the outage.
        logger.warn(`inbound limit not checked: ${error.message}`);
        done();
      },
    );
  });
}
