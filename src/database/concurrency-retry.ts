import type { Pool } from 'pg';

import { CONCURRENCY_FAILURE_CODES, findPgError } from '../common/errors/pg-errors';
import type { Database } from './database.tokens';

function isConcurrencyFailure(error: unknown): boolean {
  const pg = findPgError(error);
  return pg !== null && CONCURRENCY_FAILURE_CODES.has(pg.code);
}

/** Runs the work again once when PostgreSQL aborted it for a deadlock or a serialization failure; a second failure is thrown (503). */
export async function retryOnConcurrencyFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isConcurrencyFailure(error)) throw error;
    return work();
  }
}

/**
 * Every statement outside a transaction (the pool's promise form, which Drizzle uses) and every transaction is retried
 * once: an aborted statement or transaction changed nothing, so running it again is safe. Statements inside a
 * transaction go through its own client and are not retried alone.
 */
export function retryConcurrencyFailures(pool: Pool, db: Database): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const streamed = typeof args.at(-1) === 'function' || typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
    return streamed ? query(...args) : retryOnConcurrencyFailure(() => query(...args) as Promise<unknown>);
  }) as Pool['query'];
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => retryOnConcurrencyFailure(() => transaction(work, config))) as Database['transaction'];
}
