import { AppError } from '../../common/errors/app-error';
import type { ErrorCode } from '../../common/errors/error-codes';
import type { JobErrorTraits } from '../../queue/job-outcome';

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
  ) {
    super(code, message, {
      details: { scope: failure.scope, path: failure.path, mpStatus: failure.mpStatus, mpRequestId: failure.mpRequestId },
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
