/** Spec: Errors. Every code the API can answer with; the maps below do not compile when a code is left out. */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'REQUEST_TIMEOUT'
  | 'HEADERS_TOO_LARGE'
  | 'TOO_MANY_REQUESTS'
  | 'MP_AUTH_FAILED'
  | 'MP_UNAVAILABLE'
  | 'LLM_UNAVAILABLE'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // Not in the spec's table: Fastify refuses a body over the 100 KB limit before any handler runs.
  PAYLOAD_TOO_LARGE: 413,
  // Nor this one: a body that is not JSON (a form, text/plain), before any handler runs.
  UNSUPPORTED_MEDIA_TYPE: 415,
  // Not in the spec's table either: the HTTP parser refuses a request over REQUEST_TIMEOUT_MS or with oversized headers.
  REQUEST_TIMEOUT: 408,
  HEADERS_TOO_LARGE: 431,
  TOO_MANY_REQUESTS: 429,
  MP_AUTH_FAILED: 502,
  MP_UNAVAILABLE: 502,
  LLM_UNAVAILABLE: 502,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Ошибка валидации входных данных',
  BAD_REQUEST: 'Некорректный запрос',
  UNAUTHORIZED: 'Требуется авторизация',
  FORBIDDEN: 'Недостаточно прав',
  NOT_FOUND: 'Ресурс не найден',
  CONFLICT: 'Конфликт состояния',
  PAYLOAD_TOO_LARGE: 'Тело запроса слишком велико',
  UNSUPPORTED_MEDIA_TYPE: 'Неподдерживаемый тип тела запроса; ожидается application/json',
  REQUEST_TIMEOUT: 'Запрос не был получен полностью за отведённое время',
  HEADERS_TOO_LARGE: 'Заголовки запроса слишком велики',
  TOO_MANY_REQUESTS: 'Слишком много запросов, повторите позже',
  MP_AUTH_FAILED: 'Маркетплейс отклонил ключ API кабинета',
  MP_UNAVAILABLE: 'Маркетплейс недоступен',
  LLM_UNAVAILABLE: 'AI-провайдер недоступен',
  SERVICE_UNAVAILABLE: 'Сервис временно недоступен',
  INTERNAL_ERROR: 'Внутренняя ошибка сервера',
};

export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];

export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  const code = ERROR_CODES.find((candidate) => ERROR_HTTP_STATUS[candidate] === status);
  if (code) return code;
  return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
}
