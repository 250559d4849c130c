import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';

import { failureOf, llmError, retryAfterSecondsOf } from './llm-failure';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function apiError(status: number, headers: Record<string, string> = {}): APIError {
  return APIError.generate(status, { error: { message: 'refused' } }, undefined, new Headers(headers));
}

describe('retryAfterSecondsOf', () => {
  it.each([
    [{}, undefined],
    [{ 'retry-after': '7' }, 7],
    [{ 'retry-after': '1.2' }, 2],
    [{ 'retry-after-ms': '1500', 'retry-after': '9' }, 2],
    [{ 'retry-after': 'Sun, 01 Mar 2026 12:00:30 GMT' }, 30],
    [{ 'retry-after': 'Sun, 01 Mar 2026 11:00:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
  ])('%o → %s', (headers, seconds) => {
    expect(retryAfterSecondsOf(new Headers(headers), NOW)).toBe(seconds);
  });
});

describe('failureOf and llmError', () => {
  it.each([
    ['a refused key', apiError(401), 'LLM_UNAVAILABLE', 502, { kind: '4xx', llmStatus: 401 }],
    ['a forbidden key', apiError(403), 'LLM_UNAVAILABLE', 502, { kind: '4xx', llmStatus: 403 }],
    ['a 500', apiError(500), 'LLM_UNAVAILABLE', 502, { kind: '5xx', llmStatus: 500 }],
    ['a timeout', new APIConnectionTimeoutError(), 'LLM_UNAVAILABLE', 502, { kind: 'timeout', llmStatus: null }],
    ['a network failure', new APIConnectionError({ message: 'refused' }), 'LLM_UNAVAILABLE', 502, { kind: 'network', llmStatus: null }],
    ['a 429', apiError(429, { 'retry-after': '5' }), 'TOO_MANY_REQUESTS', 429, { kind: '4xx', llmStatus: 429, retryAfterSeconds: 5 }],
  ])('%s', (_name, error, code, status, failure) => {
    expect(failureOf(error)).toEqual({ retryAfterSeconds: undefined, ...failure });
    const appError = llmError(failureOf(error));
    expect(appError).toMatchObject({ code, status });
    expect(appError.message).toMatch(/^AI-провайдер /);
  });

  it('a 429 without Retry-After has no retryAfterSeconds', () => {
    expect(llmError(failureOf(apiError(429))).retryAfterSeconds).toBeUndefined();
  });
});
