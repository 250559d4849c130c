import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import { parse } from 'yaml';

/**
 * The marketplace's published OpenAPI files are the source of truth for the emulator's answers.
 * They are read from MP_OPENAPI_DIR (default ../shared/marketplace/openapi beside the checkout) and never copied here.
 */
export const OPENAPI_DIR = process.env.MP_OPENAPI_DIR ?? resolve(__dirname, '..', '..', '..', 'shared', 'marketplace', 'openapi');
/** The raw YAML snapshot with complete schemas (the marketplace reference calls it JUL). */
const PRIMARY_SNAPSHOT = '2026-07-23_ru_yaml';

export const openApiAvailable = existsSync(join(OPENAPI_DIR, PRIMARY_SNAPSHOT));

type Json = Record<string, unknown>;

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Validators for the response bodies of one OpenAPI file. */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  private readonly document: Json;

  constructor(file: string) {
    this.document = parse(readFileSync(join(OPENAPI_DIR, PRIMARY_SNAPSHOT, file), 'utf8')) as Json;
    this.ajv.addSchema(this.document, 'doc');
  }

  /** The validator of a response body: path as in the file, lower-case method, status as in the file. */
  response(path: string, method: string, status: string, contentType = 'application/json'): ValidateFunction {
    const operation = ((this.document.paths as Json)[path] as Json | undefined)?.[method] as Json | undefined;
    if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the OpenAPI file`);
    let base = pointer('paths', path, method, 'responses', status);
    let response = (operation.responses as Json)[status] as Json | undefined;
    if (!response) throw new Error(`${method.toUpperCase()} ${path} has no ${status} response`);
    if (typeof response.$ref === 'string') {
      base = response.$ref.slice(2);
      response = base.split('/').reduce<Json>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, this.document);
    }
    const content = response.content as Json;
    if (!content?.[contentType]) throw new Error(`${method.toUpperCase()} ${path} ${status} has no ${contentType} body (has ${Object.keys(content ?? {}).join(', ')})`);
    return this.ajv.compile({ $ref: `doc#/${base}/${pointer('content', contentType, 'schema')}` });
  }
}

export function describeErrors(validate: ValidateFunction): string {
  return JSON.stringify(validate.errors?.slice(0, 5));
}
