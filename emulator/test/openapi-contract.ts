import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/**
 * The marketplace's published OpenAPI files are the source of truth for the emulator's answers.
 * They are read from MP_OPENAPI_DIR (default ../shared/marketplace/openapi beside the checkout) and never copied here.
 */
export const OPENAPI_DIR = process.env.MP_OPENAPI_DIR ?? resolve(__dirname, '..', '..', '..', 'shared', 'marketplace', 'openapi');
/** The raw YAML snapshot with complete schemas (the marketplace reference calls it JUL). */
const PRIMARY_SNAPSHOT = '2026-07-23_ru_yaml';
/** The 2026-08 snapshot (AUG): the only one with the stocks report; some of its operations are cut, its components are whole. */
export const AUGUST_SNAPSHOT = '2026-08-19_en_json';

export const openApiAvailable = existsSync(join(OPENAPI_DIR, PRIMARY_SNAPSHOT));

type Json = Record<string, unknown>;

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** A query parameter of an operation, as the file declares it. */
export interface QueryParameter {
  name: string;
  required: boolean;
  schema: Json;
  allowEmptyValue: boolean;
  example?: unknown;
}

/** Validates a query string (values as sent, strings) against the declared query parameters. */
export interface QueryValidator {
  (query: Record<string, string>): boolean;
  errors?: ErrorObject[] | null;
  parameters: QueryParameter[];
}

/** Validators for the request and response bodies and query parameters of one OpenAPI file. */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  /** Query values arrive as strings: this one reads them as the schema's types ("12" as an integer, "true" as a boolean). */
  private readonly queryAjv = new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes: true });
  private readonly document: Json;

  /** `snapshot`: another folder of the files, such as the 2026-08 JSON one that alone has orders-fbw.json (JSON is YAML too). */
  constructor(file: string, snapshot = PRIMARY_SNAPSHOT) {
    this.document = parse(readFileSync(join(OPENAPI_DIR, snapshot, file), 'utf8')) as Json;
    this.ajv.addSchema(this.document, 'doc');
    this.queryAjv.addSchema(this.document, 'doc');
  }

  /** The validator of a response body: path as in the file, lower-case method, status as in the file. */
  response(path: string, method: string, status: string, contentType = 'application/json'): ValidateFunction {
    const responses = this.operation(path, method).responses as Json;
    if (!responses[status]) throw new Error(`${method.toUpperCase()} ${path} has no ${status} response`);
    return this.bodyValidator(
      pointer('paths', path, method, 'responses', status),
      `${method.toUpperCase()} ${path} ${status}`,
      contentType,
    );
  }

  /** The validator of a schema of the file's components, where an operation's own schema is cut ("[MaxDepth]"). */
  component(name: string): ValidateFunction {
    if (!((this.document.components as Json)?.schemas as Json)?.[name]) throw new Error(`no component schema ${name}`);
    return this.ajv.compile({ $ref: `doc#/${pointer('components', 'schemas', name)}` });
  }

  /** The validator of a request body: path as in the file, lower-case method. */
  requestBody(path: string, method: string, contentType = 'application/json'): ValidateFunction {
    if (!this.operation(path, method).requestBody) throw new Error(`${method.toUpperCase()} ${path} has no request body`);
    return this.bodyValidator(pointer('paths', path, method, 'requestBody'), `${method.toUpperCase()} ${path} request`, contentType);
  }

  /** The validator of the query string: required parameters, and each value read as its schema's type. */
  parameters(path: string, method: string): QueryValidator {
    const declared = (this.operation(path, method).parameters as Json[] | undefined) ?? [];
    const parameters = declared
      .map((_, index) => this.resolved(pointer('paths', path, method, 'parameters', String(index))))
      .filter(({ node }) => node.in === 'query')
      .map(({ base, node }) => {
        const schema = this.followed(node.schema as Json);
        return {
          base,
          parameter: {
            name: node.name as string,
            required: node.required === true,
            schema,
            allowEmptyValue: node.allowEmptyValue === true,
            example: node.example ?? schema.example,
          },
        };
      });
    const validateObject = this.queryAjv.compile({
      type: 'object',
      required: parameters.filter(({ parameter }) => parameter.required).map(({ parameter }) => parameter.name),
      properties: Object.fromEntries(parameters.map(({ base, parameter }) => [parameter.name, { $ref: `doc#/${base}/schema` }])),
    });
    const validate = ((query: Record<string, string>) => {
      // A parameter that allows an empty value is not checked against its schema when it is empty.
      const present = Object.entries(query).filter(
        ([name, value]) => value !== '' || !parameters.some(({ parameter }) => parameter.name === name && parameter.allowEmptyValue),
      );
      const valid = validateObject(Object.fromEntries(present));
      validate.errors = validateObject.errors;
      return valid;
    }) as QueryValidator;
    validate.parameters = parameters.map(({ parameter }) => parameter);
    return validate;
  }

  /** The request bodies the file gives as examples (`example`, `examples`), or else one built from its properties' examples. */
  requestExamples(path: string, method: string, contentType = 'application/json'): unknown[] {
    const { base, node } = this.resolved(pointer('paths', path, method, 'requestBody'));
    const media = (node.content as Json)[contentType] as Json;
    if (media.example !== undefined) return [media.example];
    if (media.examples)
      return Object.keys(media.examples).map(
        (name) => this.resolved(`${base}/${pointer('content', contentType, 'examples', name)}`).node.value,
      );
    return [this.exampleOf(media.schema as Json)];
  }

  private exampleOf(schema: Json): unknown {
    const node = this.followed(schema);
    if (node.example !== undefined) return node.example;
    if (node.items) return [this.exampleOf(node.items as Json)];
    if (!node.properties) return undefined;
    const fields = Object.entries(node.properties as Json).map(([name, property]) => [name, this.exampleOf(property as Json)]);
    return Object.fromEntries(fields.filter(([, value]) => value !== undefined));
  }

  private operation(path: string, method: string): Json {
    const operation = ((this.document.paths as Json)[path] as Json | undefined)?.[method] as Json | undefined;
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the OpenAPI file`);
    return operation;
  }

  private at(where: string): Json {
    return where.split('/').reduce<Json>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, this.document);
  }

  /** A node, or the one its $ref names. */
  private followed(node: Json): Json {
    return typeof node.$ref === 'string' ? this.at(node.$ref.slice(2)) : node;
  }

  /** The node at a JSON pointer of the file, following a $ref in it, and the pointer it was found at. */
  private resolved(base: string): { base: string; node: Json } {
    const node = this.at(base);
    return typeof node.$ref === 'string' ? { base: node.$ref.slice(2), node: this.followed(node) } : { base, node };
  }

  private bodyValidator(where: string, what: string, contentType: string): ValidateFunction {
    const { base, node } = this.resolved(where);
    const content = node.content as Json;
    if (!content?.[contentType]) throw new Error(`${what} has no ${contentType} body (has ${Object.keys(content ?? {}).join(', ')})`);
    return this.ajv.compile({ $ref: `doc#/${base}/${pointer('content', contentType, 'schema')}` });
  }
}

export function describeErrors(validate: { errors?: ErrorObject[] | null }): string {
  return JSON.stringify(validate.errors?.slice(0, 5));
}
