import type { IncomingMessage, Server } from 'node:http';

import type { FastifyError, FastifyHttpOptions, FastifyReply, FastifyRequest } from 'fastify';

import { answerClientError } from '../common/errors/client-error';
import { sendError } from '../common/errors/send-error';
import { NO_SNIFF, NO_SNIFF_HEADER } from '../common/http/no-sniff';
import { REQUEST_ID_HEADER, requestIdFor } from '../common/http/request-id';
import { AppConfig } from '../config/app-config';

const HTTP_TIMEOUT_CHECK_INTERVAL_MS = 1000;

/** The router answers these before any hook runs, so the request id and nosniff headers are set here. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header(REQUEST_ID_HEADER, request.id);
  reply.header(NO_SNIFF_HEADER, NO_SNIFF);
  sendError(request, reply, error);
}

/** The HTTP server's options: body limit, proxy trust, request ids, timeouts and the envelope for refusals. */
export function httpServerOptions(config: AppConfig): FastifyHttpOptions<Server> {
  return {
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
  };
}
