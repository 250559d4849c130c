import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { AppError } from './app-error';
import { errorSummary, loggableError } from './error-log';

const SECRET = 'a@example.com';

function failedQuery(cause: Error): DrizzleQueryError {
  return new DrizzleQueryError('update "users" set "password_hash" = $1 where "email" = $2', ['$argon2id$hash', SECRET], cause);
}

describe('loggableError', () => {
  it('keeps the statement name and PostgreSQL fields of a failed query, never its parameters or messages', () => {
    const pg = Object.assign(new Error(`Key (email)=(${SECRET}) already exists.`), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_email_key',
      table: 'users',
      detail: SECRET,
    });
    const logged = loggableError(failedQuery(pg));
    expect(logged).toEqual({
      type: 'DatabaseError',
      statement: 'update "users"',
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
    });
    expect(JSON.stringify(logged)).not.toContain(SECRET);
  });

  it('finds a failed query wrapped by another error; a lost connection is named by its own message', () => {
    const wrapped = new AppError('INTERNAL_ERROR', undefined, { cause: failedQuery(new Error('Connection terminated unexpectedly')) });
    const summary = errorSummary(wrapped);
    expect(summary).toEqual({ type: 'DatabaseError', statement: 'update "users"', cause: 'Error: Connection terminated unexpectedly' });
    expect(JSON.stringify(summary)).not.toContain('argon2');
  });

  it('leaves other errors as they are (with their stack), and summarises them by name and message', () => {
    const error = new TypeError('boom');
    expect(loggableError(error)).toBe(error);
    expect(errorSummary(error)).toBe('TypeError: boom');
  });
});
