import { randomUUID } from 'node:crypto';

import type { InjectOptions, LightMyRequestResponse } from 'fastify';

import { collectionOf, ContractOperation, exampleOf, fillPath, KnownValues, queryPairs, queryString } from './openapi-contract';
import type { ContractActor } from './openapi-world';

/** The parts of a generated request: raw path values, query pairs, the body as JSON text (or none). */
export interface RequestParts {
  path: Record<string, string>;
  query: [string, string][];
  body?: string;
  contentType?: string;
}

/** A valid request of an operation for an actor, and the path parameters no fixture resource was found for. */
export interface ValidRequest {
  parts: RequestParts;
  query: Record<string, unknown>;
  body: unknown;
  unresolved: string[];
}

/** The actor's known values for one operation: its own (`knownFor`) over the shared ones. */
export function knownOf(actor: ContractActor, operation: ContractOperation): KnownValues {
  return { ...actor.known, ...actor.knownFor[operation.name] };
}

/**
 * The actor's value of a path parameter: one known for the operation itself, else its resource of the path's collection,
 * else its known value of that name.
 */
export function pathValueOf(actor: ContractActor, operation: ContractOperation, name: string): unknown {
  return actor.knownFor[operation.name]?.[name] ?? actor.resources[collectionOf(operation.path, name)] ?? actor.known[name];
}

/** The operation's own values of its body's fields, also of fields the schema does not require (a limit of a budget). */
function bodyFieldsFor(actor: ContractActor, operation: ContractOperation): Record<string, unknown> {
  const properties = (operation.body?.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(actor.knownFor[operation.name] ?? {}).filter(([name]) => name in properties));
}

/**
 * Fills an operation from its schemas: path parameters with `pathValueOf`, required query parameters and the body with
 * valid values.
 */
export function validRequest(operation: ContractOperation, actor: ContractActor): ValidRequest {
  const unresolved: string[] = [];
  const path: Record<string, string> = {};
  const known = knownOf(actor, operation);
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const value = pathValueOf(actor, operation, parameter.name);
    if (value === undefined) unresolved.push(parameter.name);
    path[parameter.name] = encodeURIComponent(String(value ?? randomUUID()));
  }
  const query = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, exampleOf(p.schema, known, p.name)]),
  );
  const body = operation.body ? { ...(exampleOf(operation.body, known) as object), ...bodyFieldsFor(actor, operation) } : undefined;
  return {
    parts: { path, query: queryPairs(query), body: body === undefined ? undefined : JSON.stringify(body) },
    query,
    body,
    unresolved,
  };
}

export function injectOptions(operation: ContractOperation, parts: RequestParts, auth: Record<string, string>): InjectOptions {
  const headers: Record<string, string> = { ...auth };
  if (parts.body !== undefined) headers['content-type'] = parts.contentType ?? 'application/json';
  return {
    method: operation.method,
    url: `${fillPath(operation.path, parts.path)}${queryString(parts.query)}`,
    headers,
    payload: parts.body,
  };
}

/**
 * What is wrong with an answer to a request that may be invalid: a 5xx, a redirect, or a 4xx outside the spec's
 * envelope {code, message (Russian), details, traceId = X-Request-Id}. Null when the answer is a 2xx or such a 4xx.
 */
export function answerProblem(response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 200 && status < 300) return null;
  const text = `${status} ${response.body.slice(0, 300)}`;
  if (status < 400 || status >= 500) return text;
  let body: Record<string, unknown>;
  try {
    body = response.json();
  } catch {
    return `${text} (not JSON)`;
  }
  const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
  if (keys !== 'code,details,message,traceId') return `${text} (not the envelope)`;
  if (typeof body.message !== 'string' || !/[а-яё]/i.test(body.message)) return `${text} (message not Russian)`;
  if (body.traceId !== response.headers['x-request-id']) return `${text} (traceId is not X-Request-Id)`;
  return null;
}

/** Requests of a generated test in flight at once: fewer than the service's database connections (DB_POOL_MAX 10). */
export const PARALLEL_REQUESTS = 8;

/** Runs `work` over the items with at most `limit` at a time (the pool of database connections is small), in order. */
export async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
