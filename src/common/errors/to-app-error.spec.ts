import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';

import { AppError } from './app-error';
import { toAppError } from './to-app-error';

function pgError(code: string): Error {
  return Object.assign(new Error('pg'), { code, severity: 'ERROR' });
}

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const error = new AppError('CONFLICT', 'занято');
    expect(toAppError(error)).toBe(error);
  });

  it('maps Nest HTTP exceptions by status', () => {
    expect(toAppError(new NotFoundException()).code).toBe('NOT_FOUND');
    expect(toAppError(new ForbiddenException()).code).toBe('FORBIDDEN');
  });

  it.each([
    ['57014', 'SERVICE_UNAVAILABLE', 5],
    ['23505', 'CONFLICT', undefined],
    ['23503', 'CONFLICT', undefined],
    ['22P02', 'BAD_REQUEST', undefined],
    ['08006', 'SERVICE_UNAVAILABLE', 5],
    ['57P01', 'SERVICE_UNAVAILABLE', 5],
    ['57P03', 'SERVICE_UNAVAILABLE', 5],
    ['53300', 'SERVICE_UNAVAILABLE', 5],
    ['40P01', 'SERVICE_UNAVAILABLE', 5],
    ['40001', 'SERVICE_UNAVAILABLE', 5],
    ['23502', 'BAD_REQUEST', undefined],
    ['23514', 'BAD_REQUEST', undefined],
    ['22021', 'BAD_REQUEST', undefined],
    ['42P01', 'INTERNAL_ERROR', undefined],
  ])('maps PostgreSQL %s to %s, also when wrapped by Drizzle', (code, expected, retryAfter) => {
    const wrapped = Object.assign(new Error('Failed query'), { cause: pgError(code) });
    const mapped = toAppError(wrapped);
    expect(mapped.code).toBe(expected);
    expect(mapped.retryAfterSeconds).toBe(retryAfter);
  });

  it.each([
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    new Error('timeout exceeded when trying to connect'),
    new Error('Connection terminated unexpectedly'),
    new Error('Connection is closed.'),
  ])('maps an unreachable dependency (%s), also when wrapped by Drizzle, to 503 with Retry-After', (cause) => {
    const mapped = toAppError(Object.assign(new Error('Failed query'), { cause }));
    expect(mapped.code).toBe('SERVICE_UNAVAILABLE');
    expect(mapped.retryAfterSeconds).toBe(5);
  });

  it('maps Fastify body errors', () => {
    expect(toAppError(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })).code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect(toAppError(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 })).code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('turns anything else into INTERNAL_ERROR without its message', () => {
    const mapped = toAppError(new Error('password=hunter2'));
    expect(mapped.code).toBe('INTERNAL_ERROR');
    expect(mapped.message).not.toContain('hunter2');
  });

  it('puts retryAfterSeconds in the details of 429', () => {
    expect(new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: 7 }).details).toEqual({ retryAfterSeconds: 7 });
  });
});
