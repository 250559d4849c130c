import type { IncomingMessage, Server, ServerResponse } from 'node:http';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';

import { AppError } from '../common/errors/app-error';
import { errorBody } from '../common/errors/send-error';
import { NO_SNIFF, NO_SNIFF_HEADER } from '../common/http/no-sniff';
import { REQUEST_ID_HEADER, requestIdFor } from '../common/http/request-id';

/** Another replica can take the request at once. */
const CLOSING_RETRY_AFTER_SEC = 1;

const CLOSING = new AppError('SERVICE_UNAVAILABLE', 'Сервис останавливается, повторите запрос', {
  retryAfterSeconds: CLOSING_RETRY_AFTER_SEC,
});

function answerClosing(request: IncomingMessage, response: ServerResponse): void {
  const traceId = requestIdFor(request);
  const payload = JSON.stringify(errorBody(CLOSING, traceId));
  response.writeHead(CLOSING.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
    [REQUEST_ID_HEADER]: traceId,
    [NO_SNIFF_HEADER]: NO_SNIFF,
    'Retry-After': String(CLOSING_RETRY_AFTER_SEC),
    Connection: 'close',
  });
  response.end(payload);
}

/**
 * From the moment the server starts closing, a request arriving on a connection still open (keep-alive, pipelined)
 * is answered 503 SERVICE_UNAVAILABLE in the envelope, as Fastify's return503OnClosing would with its own body.
 * The handler is swapped only then, so no request pays for the check before.
 */
export function answerEnvelopeWhileClosing(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('preClose', (done) => {
    const server = fastify.server as Server;
    server.removeAllListeners('request');
    server.on('request', answerClosing);
    done();
  });
}
