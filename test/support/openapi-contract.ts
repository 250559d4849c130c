import { randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';

import { buildOpenApiDocument } from '../../src/app/openapi';

/** A JSON schema of the contract, loosely typed: the generators read only a few keywords. */
export type Schema = Record<string, any>;

export interface ContractParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

export interface ContractOperation {
  /** "METHOD /path/{param}", as the test output names it. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: ContractParameter[];
  /** The application/json request body schema, $refs resolved. */
  body?: Schema;
  /** The multipart/form-data request body schema of an upload route: its text fields and its binary file part. */
  form?: Schema;
  isPublic: boolean;
}

/** Values the generators use for a field or parameter of this name instead of one built from its schema. */
export type KnownValues = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The service's own contract: every operation with its parameters and body schema, $refs and allOf resolved. */
export function contractOperations(app: INestApplication): ContractOperation[] {
  const document = buildOpenApiDocument(app) as unknown as Schema;
  const resolve = (schema: Schema | undefined): Schema | undefined => resolveSchema(document, schema);
  return Object.entries(document.paths as Record<string, Schema>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as Schema;
      return {
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as ContractOperation['method'],
        path,
        parameters: ((operation.parameters ?? []) as Schema[])
          .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
          .map((parameter) => ({
            name: parameter.name,
            in: parameter.in,
            required: parameter.required === true,
            schema: resolve(parameter.schema) ?? {},
          })),
        body: resolve(operation.requestBody?.content?.['application/json']?.schema),
        form: resolve(operation.requestBody?.content?.['multipart/form-data']?.schema),
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      };
    }),
  );
}

/** A schema with its $ref followed and a single allOf merged, recursively through properties and items. */
function resolveSchema(document: Schema, schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolveSchema(document, document.components.schemas[String(schema.$ref).split('/').pop()!]);
  const { allOf, ...rest } = schema;
  const merged: Schema = allOf
    ? { ...Object.assign({}, ...allOf.map((part: Schema) => resolveSchema(document, part))), ...rest }
    : { ...rest };
  if (merged.properties)
    merged.properties = Object.fromEntries(
      Object.entries(merged.properties).map(([key, value]) => [key, resolveSchema(document, value as Schema)]),
    );
  if (merged.items) merged.items = resolveSchema(document, merged.items);
  return merged;
}

function withinBounds(schema: Schema, value: unknown): boolean {
  return (
    typeof value === 'number' &&
    (schema.minimum === undefined || value >= schema.minimum) &&
    (schema.maximum === undefined || value <= schema.maximum)
  );
}

/**
 * A valid value for a schema: a known value for its name, else the schema's example, its first enum value, a value of
 * its format (uuid, date-time, date) or type within its bounds; objects carry their required properties.
 */
export function exampleOf(schema: Schema, known: KnownValues, name?: string): unknown {
  if (name !== undefined && name in known) return known[name];
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (typeof schema.example === 'string') return schema.example;
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      if (withinBounds(schema, schema.example)) return schema.example;
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return typeof schema.example === 'boolean' ? schema.example : true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items ?? { type: 'string' }, known));
    default: {
      const required: string[] = schema.required ?? [];
      return Object.fromEntries(required.map((key) => [key, exampleOf(schema.properties?.[key] ?? {}, known, key)]));
    }
  }
}

/** The collection a path parameter names an item of: the path up to the parameter ("/repricer/rules" for {id}). */
export function collectionOf(path: string, parameter: string): string {
  return path.slice(0, path.indexOf(`{${parameter}}`) - 1);
}

/** A path with its parameters put in raw (already percent-encoded where they need it). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
}

/** A query string from [name, raw value] pairs; the values are put in as given (already encoded where they need it). */
export function queryString(pairs: [string, string][]): string {
  return pairs.length ? `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&')}` : '';
}

/** A parameter's value as the query string carries it (arrays as repeated names). */
export function queryPairs(values: Record<string, unknown>): [string, string][] {
  return Object.entries(values).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => [name, encodeURIComponent(String(item))] as [string, string]),
  );
}
