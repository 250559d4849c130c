import type { ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { Logger } from 'nestjs-pino';
import type { Logger as PinoRootLogger } from 'pino';

import { AppModule } from '../app.module';
import { registerBodyParsers } from '../common/http/request-bodies';
import { registerInboundLimit } from '../common/throttle/inbound-limit.hook';
import { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { ApiFastifyAdapter } from './api-fastify-adapter';
import { answerEnvelopeWhileClosing } from './closing-answer';
import { registerHttpHooks } from './http-hooks';
import { httpServerOptions } from './http-server-options';
import { setupApiDocs } from './openapi';
import { mountOpsRoutes } from './ops-routes';
import { pageImageOrigins } from './page-headers';
import { createRootLogger } from './root-logger';
import { defaultWebRoot, mountWebApp } from './web-app';

export interface CreateAppOptions {
  /** Extra modules (tests add routes that fail on purpose). */
  extraImports?: ModuleMetadata['imports'];
  /** Skip Swagger UI, /metrics and the queue board (contract export). */
  withoutOpsRoutes?: boolean;
  /** The process's root logger; created from the configuration when absent. */
  rootLogger?: PinoRootLogger;
  /** The built web app served under /app (tests point it at their own build). */
  webRoot?: string;
}

/** Builds and initialises the application for any role; the caller decides whether to listen. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const rootLogger = options.rootLogger ?? createRootLogger(config);
  const adapter = new ApiFastifyAdapter(httpServerOptions(config));
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, rootLogger, options.extraImports), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // Bodies are JSON only (registerBodyParsers); Nest would add a urlencoded parser.
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  // Nest flushes buffered lines only in listen(); the worker role never listens.
  app.flushLogs();
  if (config.role !== 'worker') {
    const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    registerHttpHooks(fastify, app.get(MetricsService), rootLogger);
    registerBodyParsers(fastify);
    registerInboundLimit(app);
    answerEnvelopeWhileClosing(app);
    if (!options.withoutOpsRoutes) {
      setupApiDocs(app, config);
      await mountOpsRoutes(app, config);
      await mountWebApp(app, options.webRoot ?? defaultWebRoot(), pageImageOrigins(config));
    }
  }
  await app.init();
  return app;
}
