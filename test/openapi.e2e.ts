import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildOpenApiDocument } from '../src/app/openapi';
import { startTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
  requestBody?: unknown;
};

function operations(document: ReturnType<typeof buildOpenApiDocument>): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );
}

/** Path ids the marketplace gives, not the service: a campaign's advertId, an FBW warehouseId and a card's nmId are positive whole numbers. */
const MARKETPLACE_ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
/** Reference 11.5, 12.1: supply and report ids are int64s, beyond 2^53: their digits. */
const INT64_DIGITS = { type: 'string', pattern: '^[1-9]\\d{0,18}$', maxLength: 19 };
const MARKETPLACE_IDS: Record<string, unknown> = {
  advertId: MARKETPLACE_ID,
  warehouseId: MARKETPLACE_ID,
  nmId: MARKETPLACE_ID,
  supplyId: INT64_DIGITS,
};
/** The `{id}` of a realisation report (reference 12.1) is the marketplace's int64 too; every other `{id}` is a uuid. */
const INT64_IDS = new Set(['/accounting/reports/{id} id']);

describe('OpenAPI contract', () => {
  it('declares the access-token bearer scheme (JWT) and requires it by default', () => {
    const document = buildOpenApiDocument(t.app);
    expect(document.components?.securitySchemes?.['access-token']).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(document.security).toEqual([{ 'access-token': [] }]);
  });

  it('lists 400, 401, 403, 404, 429, 500, 502 with ApiErrorBodyDto on every operation', () => {
    const document = buildOpenApiDocument(t.app);
    const all = operations(document);
    expect(all.length).toBeGreaterThan(5);
    for (const [name, operation] of all) {
      for (const status of ['400', '401', '403', '404', '429', '500', '502']) {
        expect(operation.responses[status]?.content?.['application/json']?.schema, `${name} ${status}`).toEqual({
          $ref: '#/components/schemas/ApiErrorBodyDto',
        });
      }
    }
    expect(Object.keys(document.components?.schemas?.ApiErrorBodyDto ?? {})).toContain('properties');
  });

  it('lists 415 UNSUPPORTED_MEDIA_TYPE on every operation that takes a body, and only there', () => {
    const all = operations(buildOpenApiDocument(t.app));
    expect(all.filter(([, operation]) => operation.requestBody).length).toBeGreaterThan(5);
    for (const [name, operation] of all) {
      const unsupported = operation.responses['415'];
      if (!operation.requestBody) expect(unsupported, name).toBeUndefined();
      else expect(unsupported?.content?.['application/json']?.schema, name).toEqual({ $ref: '#/components/schemas/ApiErrorBodyDto' });
    }
  });

  it('marks public routes without security and protected routes with the default', () => {
    const byName = Object.fromEntries(operations(buildOpenApiDocument(t.app)));
    expect(byName['GET /health'].security).toEqual([]);
    expect(byName['GET /health/live'].security).toEqual([]);
    expect(byName['GET /version'].security).toEqual([]);
    expect(byName['GET /mp-accounts'].security).toBeUndefined();
    expect(JSON.stringify(buildOpenApiDocument(t.app))).not.toContain('x-public');
  });

  it('declares every id path parameter as a required uuid string (a marketplace id as its positive integer, an int64 one as its digits)', () => {
    const document = buildOpenApiDocument(t.app);
    const idParameters = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.values(item as Record<string, { parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[] }>).flatMap(
        (operation) =>
          (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'path' && /id$/i.test(parameter.name))
            .map((parameter) => [`${path} ${parameter.name}`, parameter] as const),
      ),
    );
    expect(idParameters.length).toBeGreaterThan(10);
    for (const [name, parameter] of idParameters)
      expect({ required: parameter.required, schema: parameter.schema }, name).toEqual({
        required: true,
        schema: MARKETPLACE_IDS[parameter.name] ?? (INT64_IDS.has(name) ? INT64_DIGITS : { type: 'string', format: 'uuid' }),
      });
  });

  it('serves Swagger UI at /api/docs and the JSON at /api/docs-json', async () => {
    const ui = await t.request({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    const json = await t.request({ method: 'GET', url: '/api/docs-json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().components.securitySchemes['access-token'].scheme).toBe('bearer');
  });
});
