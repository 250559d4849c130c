import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { NO_SNIFF, NO_SNIFF_HEADER } from '../http/no-sniff';
import { AppError } from './app-error';
import { errorBody } from './send-error';

const MALFORMED_REQUEST = new AppError('BAD_REQUEST', 'Некорректный HTTP-запрос');

const PARSER_ERRORS: Record<string, AppError> = {
  // Node's HTTP parser rejects raw (not percent-encoded) non-ASCII bytes in the target, as RFC 9112 asks.
  HPE_INVALID_URL: new AppError('BAD_REQUEST', 'Некорректный адрес запроса: символы вне ASCII кодируются через %'),
  ERR_HTTP_REQUEST_TIMEOUT: new AppError('REQUEST_TIMEOUT'),
  HPE_HEADER_OVERFLOW: new AppError('HEADERS_TOO_LARGE'),
};

/**
 * Fastify clientErrorHandler: a request the HTTP parser refused never reaches a route, so the envelope is written to
 * the socket here. No request id can be read from an unparsed request; a new one is both header and traceId.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = PARSER_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
  const traceId = randomUUID();
  const payload = JSON.stringify(errorBody(appError, traceId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(payload)}\r\nX-Request-Id: ${traceId}\r\n${NO_SNIFF_HEADER}: ${NO_SNIFF}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}
