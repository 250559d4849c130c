import { AppError } from './app-error';

/** Seconds a client waits after a statement timeout (spec: Errors, SERVICE_UNAVAILABLE). */
const STATEMENT_TIMEOUT_RETRY_AFTER_SEC = 5;

interface PgLikeError {
  code: string;
  severity?: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgLikeError {
  const candidate = error as Partial<PgLikeError> | null;
  return typeof candidate?.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && typeof candidate.severity === 'string';
}

/** Drizzle wraps driver errors; the PostgreSQL error is somewhere down the cause chain. */
export function findPgError(error: unknown): PgLikeError | null {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (isPgError(current)) return current;
  }
  return null;
}

/** The one mapping of PostgreSQL error codes to API errors; null when the error needs no special answer. */
export function mapPgError(error: unknown): AppError | null {
  const pg = findPgError(error);
  if (!pg) return null;
  switch (pg.code) {
    case '57014':
      return new AppError('SERVICE_UNAVAILABLE', 'База данных не ответила вовремя, повторите запрос позже', { retryAfterSeconds: STATEMENT_TIMEOUT_RETRY_AFTER_SEC, cause: error });
    case '23505':
      return new AppError('CONFLICT', 'Запись с такими данными уже существует', { details: pg.constraint ? { constraint: pg.constraint } : null, cause: error });
    case '23503':
      return new AppError('CONFLICT', 'Запись связана с другими данными', { cause: error });
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return new AppError('BAD_REQUEST', 'Некорректное значение параметра', { cause: error });
    default:
      if (pg.code.startsWith('08') || pg.code.startsWith('57P')) {
        return new AppError('SERVICE_UNAVAILABLE', 'База данных временно недоступна', { retryAfterSeconds: STATEMENT_TIMEOUT_RETRY_AFTER_SEC, cause: error });
      }
      return null;
  }
}
