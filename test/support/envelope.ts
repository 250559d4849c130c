import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Asserts the spec's error envelope: status, code, Russian message, details, traceId = X-Request-Id. */
export function expectErrorEnvelope(
  response: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'json'>,
  status: number,
  code: string,
): Record<string, unknown> {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'message', 'traceId']);
  expect(body.code).toBe(code);
  expect(body.message).toMatch(/[а-яё]/i);
  expect(body.traceId).toBe(response.headers['x-request-id']);
  return body;
}

/** VALIDATION_FAILED details as {field: errors[]}, so that assertions do not depend on property order. */
export function fieldErrors(details: unknown): Record<string, string[]> {
  return Object.fromEntries((details as { field: string; errors: string[] }[]).map(({ field, errors }) => [field, [...errors].sort()]));
}
