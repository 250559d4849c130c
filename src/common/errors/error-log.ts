import { DrizzleQueryError } from 'drizzle-orm';

import { causeChain } from './cause-chain';
import { findPgError } from './pg-errors';

interface PgErrorFields {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/** "insert into "users"", "select from "mp_accounts"": which statement failed, from its text without any value. */
function statementName(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'statement';
  const table = /\b(?:from|into|update)\s+("[^"]+"(?:\."[^"]+")?|\w+)/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/**
 * What a log line may say about an error. A database error is logged by its statement's name, PostgreSQL code,
 * constraint, table and column only: Drizzle's message and stack carry every parameter ("Failed query: … params: …",
 * password and token hashes, e-mails), PostgreSQL's message and detail quote values. Other errors keep their stack.
 */
export function loggableError(error: unknown): unknown {
  return databaseErrorFields(error) ?? error;
}

/** One line about a cause: a database error's fields, otherwise its name and message. */
export function errorSummary(error: unknown): unknown {
  return databaseErrorFields(error) ?? (error instanceof Error ? `${error.name}: ${error.message}` : undefined);
}

function databaseErrorFields(error: unknown): Record<string, unknown> | null {
  const query = (causeChain(error).find((candidate) => candidate instanceof DrizzleQueryError) as DrizzleQueryError | undefined) ?? null;
  const pg = findPgError(error) as PgErrorFields | null;
  if (!query && !pg) return null;
  return {
    type: 'DatabaseError',
    statement: query ? statementName(query.query) : undefined,
    code: pg?.code,
    constraint: pg?.constraint,
    table: pg?.table,
    column: pg?.column,
    // A failed connection (no PostgreSQL code) says only which one: its message holds no statement values.
    cause: !pg && query?.cause instanceof Error ? `${query.cause.name}: ${query.cause.message}` : undefined,
  };
}
