import { AppError } from './app-error';
import { causeChain } from './cause-chain';

/** Seconds a client waits when a dependency (PostgreSQL, Redis) is away or overloaded (spec: Errors, SERVICE_UNAVAILABLE). */
export const DEPENDENCY_RETRY_AFTER_SEC = 5;

/** Socket errors of a dependency that is down or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * What node-postgres, pg-pool, ioredis and BullMQ throw without a code: no free pooled connection within
 * DB_CONNECTION_TIMEOUT_MS, a connection lost mid-query, a Redis command refused while the connection is down.
 */
const UNAVAILABLE_MESSAGES = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /is not queryable$/,
  /^Connection is closed\.$/,
  /^Stream isn't writeable/,
  /^Reached the max retries per request limit/,
];

function isUnavailableHere(error: unknown): boolean {
  const candidate = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (typeof candidate?.code === 'string' && NETWORK_CODES.has(candidate.code)) return true;
  if (candidate?.name === 'MaxRetriesPerRequestError') return true;
  return typeof candidate?.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(candidate.message as string));
}

/** PostgreSQL or Redis is down, unreachable or out of connections, anywhere down the cause chain (Drizzle wraps driver errors). */
export function isDependencyUnavailable(error: unknown): boolean {
  return causeChain(error).some(isUnavailableHere);
}

export function serviceUnavailable(message: string, cause: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', message, { retryAfterSeconds: DEPENDENCY_RETRY_AFTER_SEC, cause });
}
