import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Bounded length, safe characters: anything else from a client is replaced by a new id. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Generated ids have the form of a UUID: this process's random first 24 characters, then a 12-digit hexadecimal count
 * of its requests. Unique without drawing randomness per request; an id is a trace key, not a secret.
 */
const PROCESS_PREFIX = randomUUID().slice(0, 24);
const SEQUENCE_SPAN = 2 ** 48;
let sequence = 0;

function nextRequestId(): string {
  sequence = (sequence + 1) % SEQUENCE_SPAN;
  return PROCESS_PREFIX + sequence.toString(16).padStart(12, '0');
}

/** Fastify genReqId: reuse a safe client X-Request-Id, otherwise generate one. */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers[REQUEST_ID_HEADER];
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : nextRequestId();
}
