import { randomUUID } from 'node:crypto';

import type { InjectOptions, LightMyRequestResponse } from 'fastify';

import { encodeForm, MultipartPart } from './multipart-form';
import { collectionOf, ContractOperation, exampleOf, fillPath, KnownValues, queryPairs, queryString, Schema } from './openapi-contract';
import type { ContractActor } from './openapi-world';

/** The parts of a generated request: raw path values, query pairs, the body as JSON text or a multipart form (or none). */
export interface RequestParts {
  path: Record<string, string>;
  query: [string, string][];
  body?: string;
  contentType?: string;
  form?: MultipartPart[];
}

/**
 * A valid form of an upload route: its text fields in the contract's order, then its binary parts, each the known
 * value of its name (a Buffer: the test image of the world).
 */
export function formOf(schema: Schema, known: KnownValues): MultipartPart[] {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const fields = properties
    .filter(([, property]) => property.format !== 'binary')
    .map(([name, property]): MultipartPart => ({ kind: 'field', name, value: String(exampleOf(property, known, name)) }));
  const files = properties
    .filter(([, property]) => property.format === 'binary')
    .map(([name]): MultipartPart => ({
      kind: 'file',
      name,
      bytes: Buffer.isBuffer(known[name]) ? known[name] : Buffer.from('x'),
      filename: 'upload.bin',
      contentType: 'application/octet-stream',
    }));
  return [...fields, ...files];
}

/** The form with the text field `name` set to `value` (added before the file when absent). */
export function formWith(form: MultipartPart[], name: string, value: string): MultipartPart[] {
  if (form.some((part) => part.kind === 'field' && part.name === name))
    return form.map((part) => (part.kind === 'field' && part.name === name ? { ...part, value } : part));
  return [{ kind: 'field', name, value }, ...form];
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
    parts: {
      path,
      query: queryPairs(query),
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(operation.form ? { form: formOf(operation.form, known) } : {}),
    },
    query,
    body,
    unresolved,
  };
}

export function injectOptions(operation: ContractOperation, parts: RequestParts, auth: Record<string, string>): InjectOptions {
  const headers: Record<string, string> = { ...auth };
  const url = `${fillPath(operation.path, parts.path)}${queryString(parts.query)}`;
  if (parts.form && parts.body === undefined) {
    const { payload, contentType } = encodeForm({ parts: parts.form });
    return { method: operation.method, url, headers: { ...headers, 'content-type': parts.contentType ?? contentType }, payload };
  }
  if (parts.body !== undefined) headers['content-type'] = parts.contentType ?? 'application/json';
  return { method: operation.method, url, headers, payload: parts.body };
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
