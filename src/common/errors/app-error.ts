import { DEFAULT_ERROR_MESSAGES, ERROR_HTTP_STATUS, ErrorCode } from './error-codes';

export interface ValidationDetail {
  field: string;
  errors: string[];
}

export type ErrorDetails = ValidationDetail[] | Record<string, unknown> | null;

export interface AppErrorOptions {
  details?: ErrorDetails;
  /** Seconds; sent as Retry-After (and in details for 429). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** The one error type modules throw; the global filter turns it into ApiErrorBodyDto. */
export class AppError extends Error {
  readonly status: number;
  readonly details: ErrorDetails;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string = DEFAULT_ERROR_MESSAGES[code],
    options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERROR_HTTP_STATUS[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details =
      code === 'TOO_MANY_REQUESTS' && options.retryAfterSeconds !== undefined
        ? { ...(options.details as Record<string, unknown> | undefined), retryAfterSeconds: options.retryAfterSeconds }
        : (options.details ?? null);
  }

  static notFound(message = DEFAULT_ERROR_MESSAGES.NOT_FOUND): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static validation(details: ValidationDetail[], message = DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED): AppError {
    return new AppError('VALIDATION_FAILED', message, { details });
  }
}
