import type { components } from './schema';

export type ApiErrorBody = components['schemas']['ApiErrorBodyDto'];

/** An answer of the API in its error envelope: `message` is the Russian text shown to the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }

  /** VALIDATION_FAILED details as field → rule names (nested fields keep their dot paths). */
  fieldErrors(): Record<string, string[]> {
    if (this.body.code !== 'VALIDATION_FAILED' || !Array.isArray(this.body.details)) return {};
    return Object.fromEntries(this.body.details.map((detail) => [detail.field ?? '', detail.errors ?? []]));
  }
}

const UNEXPECTED_ANSWER: ApiErrorBody = {
  code: 'INTERNAL_ERROR',
  message: 'Сервис ответил неожиданно. Повторите попытку позже',
  details: null,
  traceId: '',
};

const NETWORK_FAILURE: ApiErrorBody = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'Сервис не отвечает. Проверьте соединение и повторите попытку',
  details: null,
  traceId: '',
};

function isEnvelope(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

/** The data of an openapi-fetch result, or the envelope thrown as an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  throw new ApiError(result.response.status, isEnvelope(result.error) ? result.error : UNEXPECTED_ANSWER);
}

/** A fetch that did not reach the service ends as an ApiError too, so that every screen shows errors one way. */
export function networkError(): ApiError {
  return new ApiError(0, NETWORK_FAILURE);
}
