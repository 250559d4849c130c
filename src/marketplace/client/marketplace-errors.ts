import { AppError } from '../../common/errors/app-error';
import type { ErrorCode } from '../../common/errors/error-codes';
import type { JobErrorTraits } from '../../queue/job-outcome';
import type { TokenType } from '../endpoints/endpoint';

/** Where a failed call went and what the marketplace said: shown to the user and logged, never the key. */
export interface MarketplaceFailure {
  scope: string;
  path: string;
  /** The marketplace's HTTP status; null for a network failure or a timeout. */
  mpStatus: number | null;
  mpRequestId: string | null;
}

/**
 * A marketplace call that failed after its retries: 502 MP_AUTH_FAILED (key rejected), 502 MP_UNAVAILABLE
 * (5xx, network, timeout, an unexpected answer) or 429 TOO_MANY_REQUESTS. `curable` says whether a later
 * retry can help; a rejected key or a missing resource cannot.
 */
export class MarketplaceCallError extends AppError implements JobErrorTraits {
  constructor(
    code: Extract<ErrorCode, 'MP_AUTH_FAILED' | 'MP_UNAVAILABLE' | 'TOO_MANY_REQUESTS'>,
    message: string,
    readonly failure: MarketplaceFailure,
    readonly curable: boolean,
    retryAfterSeconds?: number,
    more: Record<string, unknown> = {},
  ) {
    super(code, message, {
      details: { scope: failure.scope, path: failure.path, mpStatus: failure.mpStatus, mpRequestId: failure.mpRequestId, ...more },
      retryAfterSeconds,
    });
    this.name = 'MarketplaceCallError';
  }

  get incurable(): boolean {
    return !this.curable;
  }
}

/**
 * A long sync job would wait more than a few seconds for a token: the job is moved to delayed until resumeAt
 * without using an attempt (spec: Job level). Thrown only for calls made with onLongWait 'delay-job'.
 */
export class RateLimitDelay extends Error implements JobErrorTraits {
  constructor(
    readonly resumeAtMs: number,
    readonly scope: string,
    readonly path: string,
  ) {
    super(`Waiting for a ${scope} rate token until ${new Date(resumeAtMs).toISOString()}`);
    this.name = 'RateLimitDelay';
  }

  delaysJob(): number {
    return this.resumeAtMs;
  }
}

const TOKEN_TYPE_NAMES: Record<TokenType, string> = { base: 'базовый', test: 'тестовый', personal: 'персональный', service: 'сервисный' };

/**
 * A 403 of a call that takes only some kinds of key (its `x-token-types`): the key is of another kind, most often a
 * Base token. The message names the kinds the seller needs; details.tokenTypes lists them.
 */
export function tokenTypeRejected(failure: MarketplaceFailure, tokenTypes: readonly TokenType[]): MarketplaceCallError {
  const names = tokenTypes.map((type) => TOKEN_TYPE_NAMES[type]);
  const kinds = names.length > 1 ? `${names.slice(0, -1).join(', ')} или ${names[names.length - 1]}` : names[0];
  return new MarketplaceCallError(
    'MP_AUTH_FAILED',
    `Маркетплейс отклонил ключ кабинета для этого запроса: он принимает только ${kinds} токен — создайте такой ключ в кабинете продавца и замените им ключ кабинета`,
    failure,
    false,
    undefined,
    { tokenTypes },
  );
}
