import { APIConnectionTimeoutError, APIError } from 'openai';

import { AppError } from '../common/errors/app-error';

/** How a provider call failed: the metric label and what is logged (never the key, the texts or the provider's message). */
export interface LlmFailure {
  /** 4xx, 5xx, network or timeout. */
  kind: string;
  llmStatus: number | null;
  retryAfterSeconds?: number;
}

/** Seconds of the provider's retry-after-ms or Retry-After (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSecondsOf(headers: Headers | undefined, nowMs = Date.now()): number | undefined {
  const milliseconds = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.ceil(milliseconds / 1000);
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  const atMs = Date.parse(value);
  return Number.isNaN(atMs) ? undefined : Math.max(0, Math.ceil((atMs - nowMs) / 1000));
}

/** What an error of the openai client means for us. */
export function failureOf(error: unknown): LlmFailure {
  if (error instanceof APIConnectionTimeoutError) return { kind: 'timeout', llmStatus: null };
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const retryAfterSeconds = status === 429 ? retryAfterSecondsOf(error.headers) : undefined;
    return { kind: `${Math.floor(status / 100)}xx`, llmStatus: status, retryAfterSeconds };
  }
  return { kind: 'network', llmStatus: null };
}

function unavailableReason(failure: LlmFailure): string {
  const status = failure.llmStatus;
  if (status === null) return failure.kind === 'timeout' ? 'не ответил вовремя' : 'не отвечает';
  if (status === 401 || status === 403) return 'отклонил ключ доступа';
  if (status >= 500) return `недоступен (HTTP ${status})`;
  return `отклонил запрос (HTTP ${status})`;
}

/**
 * Spec: Errors. The provider's 429 is 429 TOO_MANY_REQUESTS with its Retry-After when known; a refused key, 5xx,
 * a network failure or a timeout is 502 LLM_UNAVAILABLE.
 */
export function llmError(failure: LlmFailure): AppError {
  const details = { llmStatus: failure.llmStatus };
  if (failure.llmStatus === 429)
    return new AppError('TOO_MANY_REQUESTS', 'AI-провайдер ограничил частоту запросов, повторите позже', {
      details,
      retryAfterSeconds: failure.retryAfterSeconds,
    });
  return new AppError('LLM_UNAVAILABLE', `AI-провайдер ${unavailableReason(failure)}`, { details });
}
