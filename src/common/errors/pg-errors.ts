import { AppError } from './app-error';
import { causeChain } from './cause-chain';
import { serviceUnavailable } from './unavailable';

interface PgLikeError {
  code: string;
  severity?: string;
  constraint?: string;
  column?: string;
}

/** A deadlock or a serialization failure: PostgreSQL aborted the work because of a concurrent one. */
export const CONCURRENCY_FAILURE_CODES = new Set(['40P01', '40001']);

/** Data PostgreSQL cannot store: malformed, out of range, too long, a NUL byte, an untranslatable character. */
const BAD_VALUE_CODES = new Set(['22P02', '22003', '22007', '22008', '22001', '22021', '22P05']);

function isPgError(error: unknown): error is PgLikeError {
  const candidate = error as Partial<PgLikeError> | null;
  return typeof candidate?.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && typeof candidate.severity === 'string';
}

/** Drizzle wraps driver errors; the PostgreSQL error is somewhere down the cause chain. */
export function findPgError(error: unknown): PgLikeError | null {
  return (causeChain(error).find(isPgError) as PgLikeError | undefined) ?? null;
}

/** The one mapping of PostgreSQL error codes to API errors; null when the error needs no special answer. */
export function mapPgError(error: unknown): AppError | null {
  const pg = findPgError(error);
  if (!pg) return null;
  if (BAD_VALUE_CODES.has(pg.code)) return new AppError('BAD_REQUEST', 'Некорректное значение параметра', { cause: error });
  if (CONCURRENCY_FAILURE_CODES.has(pg.code))
    return serviceUnavailable('Запрос не выполнен из-за одновременных изменений тех же данных, повторите его', error);
  switch (pg.code) {
    case '57014':
      return serviceUnavailable('База данных не ответила вовремя, повторите запрос позже', error);
    case '23505':
      return new AppError('CONFLICT', 'Запись с такими данными уже существует', {
        details: pg.constraint ? { constraint: pg.constraint } : null,
        cause: error,
      });
    case '23503':
      return new AppError('CONFLICT', 'Запись связана с другими данными', { cause: error });
    // Input that reached a NOT NULL column or a CHECK constraint (e.g. a null in a PATCH) is the client's error.
    case '23502':
      return new AppError('BAD_REQUEST', 'Не указано обязательное значение', {
        details: pg.column ? { column: pg.column } : null,
        cause: error,
      });
    case '23514':
      return new AppError('BAD_REQUEST', 'Значение вне допустимых пределов', {
        details: pg.constraint ? { constraint: pg.constraint } : null,
        cause: error,
      });
    default:
      // 08: connection exceptions; 57P: the server is shutting down or starting; 53300: too many connections.
      if (pg.code.startsWith('08') || pg.code.startsWith('57P') || pg.code === '53300')
        return serviceUnavailable('База данных временно недоступна', error);
      return null;
  }
}
