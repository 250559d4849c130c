import { HttpException } from '@nestjs/common';

import { AppError } from './app-error';
import { errorCodeForStatus } from './error-codes';
import { mapPgError } from './pg-errors';
import { isDependencyUnavailable, serviceUnavailable } from './unavailable';

interface FastifyLikeError {
  code: string;
  statusCode: number;
}

const FASTIFY_MESSAGES: Record<string, AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('PAYLOAD_TOO_LARGE', 'Тело запроса больше 100 КБ'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('UNSUPPORTED_MEDIA_TYPE'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('BAD_REQUEST', 'Пустое тело запроса при Content-Type: application/json'),
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('BAD_REQUEST', 'Некорректный JSON в теле запроса'),
  FST_ERR_BAD_URL: new AppError('BAD_REQUEST', 'Некорректный адрес запроса: неверная %-последовательность'),
  FST_ERR_MAX_PARAM_LENGTH: new AppError('BAD_REQUEST', 'Параметр пути слишком длинный'),
};

function isFastifyError(error: unknown): error is FastifyLikeError {
  const candidate = error as Partial<FastifyLikeError> | null;
  return typeof candidate?.statusCode === 'number' && typeof candidate.code === 'string' && candidate.code.startsWith('FST_');
}

/** Turns anything thrown anywhere into an AppError; unknown errors become INTERNAL_ERROR. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HttpException) return new AppError(errorCodeForStatus(error.getStatus()), undefined, { cause: error });
  if (isFastifyError(error))
    return FASTIFY_MESSAGES[error.code] ?? new AppError(errorCodeForStatus(error.statusCode), undefined, { cause: error });
  if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400)
    return FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY;
  const pgError = mapPgError(error);
  if (pgError) return pgError;
  if (isDependencyUnavailable(error))
    return serviceUnavailable('База данных или очередь задач временно недоступны, повторите запрос позже', error);
  return new AppError('INTERNAL_ERROR', undefined, { cause: error });
}
