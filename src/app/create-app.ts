import type { IncomingMessage } from 'node:http';
import type { ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { answerClientError } from '../common/errors/client-error';
import { sendError } from '../common/errors/send-error';
import { REQUEST_ID_HEADER, requestIdFor } from '../common/http/request-id';
import { AppConfig } from '../config/app-config';
import { ApiFastifyAdapter } from './api-fastify-adapter';
import { answerEnvelopeWhileClosing } from './closing-answer';
import { registerInboundLimit } from '../common/throttle/inbound-limit.hook';
import { registerHttpHooks } from './http-hooks';
import { createRootLogger } from './root-logger';
import type { Logger as PinoRootLogger } from 'pino';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { setupApiDocs } from './openapi';
import { mountOpsRoutes } from './ops-routes';

export interface CreateAppOptions {
  /** Extra modules (tests add routes that fail on purpose). */
  extraImports?: ModuleMetadata['imports'];
  /** Skip Swagger UI, /metrics and the queue board (contract export). */
  withoutOpsRoutes?: boolean;
  /** The process's root logger; created from the configuration when absent. */
  rootLogger?: PinoRootLogger;
}

const HTTP_TIMEOUT_CHECK_INTERVAL_MS = 1000;

/** The router answers these before any hook runs, so the request id header is set here. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  sendError(request, reply, error);
}

/** Builds and initialises the application for any role; the caller decides whether to listen. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const rootLogger = options.rootLogger ?? createRootLogger(config);
  const adapter = new ApiFastifyAdapter({
    bodyLimit: config.http.bodyLimitBytes,
    trustProxy: config.http.trustProxyHops > 0 ? config.http.trustProxyHops : false,
    genReqId: (request: IncomingMessage) => requestIdFor(request),
    // Requests during shutdown get the envelope instead (answerEnvelopeWhileClosing).
    return503OnClosing: false,
    // A client must send its whole request within these times; past them the parser answers 408 REQUEST_TIMEOUT.
    requestTimeout: config.http.requestTimeoutMs,
    // Node checks those two timeouts only every connectionsCheckingInterval (30 s by default).
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: HTTP_TIMEOUT_CHECK_INTERVAL_MS },
    connectionTimeout: config.http.connectionTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // The router's refusals (a bad %-sequence, an overlong path parameter) and the HTTP parser's answer the envelope too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, rootLogger, options.extraImports), adapter, {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  // Nest flushes buffered lines only in listen(); the worker role never listens.
  app.flushLogs();
  if (config.role !== 'worker') {
    registerHttpHooks(app, rootLogger);
    registerInboundLimit(app);
    answerEnvelopeWhileClosing(app);
    if (!options.withoutOpsRoutes) {
      setupApiDocs(app, config);
      await mountOpsRoutes(app, config);
    }
  }
  await app.init();
  return app;
}
