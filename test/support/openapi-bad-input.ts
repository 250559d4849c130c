import { randomUUID } from 'node:crypto';

import Ajv, { ValidateFunction } from 'ajv';

import type { MultipartPart } from './multipart-form';
import { ContractOperation, exampleOf, KnownValues, queryPairs, Schema } from './openapi-contract';
import { formWith, RequestParts, ValidRequest } from './openapi-requests';

/** One thing of a valid request made wrong. */
export interface BadInputCase {
  label: string;
  parts: RequestParts;
  /** The contract's schemas refuse it: a 2xx answer is wrong too. */
  refusedByContract: boolean;
}

const FORMATS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/i,
  date: /^\d{4}-\d\d-\d\d$/,
};
// The contract's schemas (OpenAPI: nullable, example) as JSON Schema; query values are strings cast as the DTOs cast them.
const bodies = new Ajv({ strict: false, strictNumbers: true, formats: FORMATS });
const queries = new Ajv({ strict: false, strictNumbers: true, coerceTypes: true, formats: FORMATS });
const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of a schema, compiled once for the object it belongs to (a body schema, an operation's query). */
function validator(owner: object, compile: () => ValidateFunction): ValidateFunction {
  if (!compiled.has(owner)) compiled.set(owner, compile());
  return compiled.get(owner)!;
}

/** Whether the contract takes a JSON body text (sent as application/json). */
function bodyConforms(schema: Schema, parts: RequestParts): boolean {
  if (parts.contentType !== undefined && !parts.contentType.startsWith('application/json')) return false;
  try {
    return validator(schema, () => bodies.compile(schema))(JSON.parse(parts.body!));
  } catch {
    return false;
  }
}

/** A query value as the service reads it: percent-decoded, an undecodable sequence taken literally. */
function decoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Whether the contract takes a query (a name twice is an array; the shared boolean field takes 1 and 0 as well). */
function queryConforms(operation: ContractOperation, pairs: [string, string][]): boolean {
  const query = operation.parameters.filter((p) => p.in === 'query');
  const values: Record<string, unknown> = {};
  for (const [name, raw] of pairs) {
    const boolean = query.find((p) => p.name === name)?.schema.type === 'boolean';
    const value = boolean ? ({ '1': 'true', '0': 'false' }[raw] ?? decoded(raw)) : decoded(raw);
    values[name] = name in values ? [values[name], value].flat() : value;
  }
  const schema = {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
  return validator(operation, () => queries.compile(schema))(values);
}

const DEEP = 1000;
const BODY_LIMIT_BYTES = 100 * 1024;

/** Path parameter values, already percent-encoded where they need it. */
const PATH_VALUES: [string, string][] = [
  ['not a UUID', 'not-a-uuid'],
  ['10 000 characters', 'a'.repeat(10_000)],
  ['NUL', '%00'],
  ['a UUID and NUL', `${randomUUID()}%00`],
  ['percent garbage', '%ZZ'],
  ['a truncated percent sequence', '%E0%A4%A'],
  ['an encoded path', '..%2F..%2Fhealth'],
  ['a lone surrogate', '%ED%A0%80'],
  ['1e308', '1e308'],
];

/** Query values, already percent-encoded where they need it; an array repeats the parameter. */
const QUERY_VALUES: [string, string | string[]][] = [
  ['a string', 'abc'],
  ['1e308', '1e308'],
  ['2^63', '9223372036854775808'],
  ['2.5', '2.5'],
  ['negative', '-1'],
  ['zero', '0'],
  ['empty', ''],
  ['20 000 characters', 'x'.repeat(20_000)],
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['percent garbage', '%ZZ'],
  ['a lone surrogate', '%ED%A0%80'],
  ['not a date', '2024-W01'],
  ['an array', ['1', '2']],
];

/** JSON fragments put in place of one field. */
const BODY_VALUES: [string, string][] = [
  ['a string', '"abc"'],
  ['a number', '123'],
  ['true', 'true'],
  ['null', 'null'],
  ['an object', '{}'],
  ['an array', '[1,2]'],
  ['1e308', '1e308'],
  ['-1e308', '-1e308'],
  ['1e400', '1e400'],
  ['2^63', '9223372036854775808'],
  ['2.5', '2.5'],
  ['-1', '-1'],
  ['20 000 characters', JSON.stringify('x'.repeat(20_000))],
  ['NUL', '"a\\u0000b"'],
  ['a lone surrogate', '"\\ud800"'],
  ['not a date', '"2024-W01"'],
  [`${DEEP} nested arrays`, `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`],
  [`${DEEP} nested objects`, `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`],
];

const TOKEN = '__contract_mutation__';

function schemaAt(schema: Schema, path: (string | number)[]): Schema {
  return path.reduce<Schema>((node, key) => (typeof key === 'number' ? node.items : node.properties?.[key]) ?? {}, schema);
}

/** The valid body with the value at `path` replaced by a JSON fragment; missing containers get valid values first. */
function bodyWith(schema: Schema, base: unknown, known: KnownValues, path: (string | number)[], fragment: string): string {
  const root = structuredClone(base) as Record<string | number, any>;
  let node = root;
  path.slice(0, -1).forEach((key, index) => {
    node[key] ??= exampleOf(schemaAt(schema, path.slice(0, index + 1)), known);
    node = node[key];
  });
  node[path[path.length - 1]] = TOKEN;
  return JSON.stringify(root).replace(`"${TOKEN}"`, fragment);
}

/** Every field of a body schema, nested objects and the first item of arrays of objects included. */
function fieldPaths(schema: Schema, prefix: (string | number)[] = []): (string | number)[][] {
  return Object.entries((schema.properties ?? {}) as Record<string, Schema>).flatMap(([key, property]) => {
    const here = [...prefix, key];
    if (property.type === 'array' && property.items?.properties) return [here, ...fieldPaths(property.items, [...here, 0])];
    if (property.properties) return [here, ...fieldPaths(property, here)];
    return [here];
  });
}

function bodyCases(schema: Schema, valid: ValidRequest, known: KnownValues): BadInputCase[] {
  const base = valid.body as Record<string, unknown>;
  const text = JSON.stringify(base);
  const withBody = (label: string, body: string, contentType?: string): BadInputCase => {
    const parts = { ...valid.parts, body, contentType };
    return { label, parts, refusedByContract: !bodyConforms(schema, parts) };
  };
  const inner = text.slice(1);
  return [
    ...fieldPaths(schema).flatMap((path) =>
      BODY_VALUES.map(([label, fragment]) => withBody(`body ${path.join('.')} = ${label}`, bodyWith(schema, base, known, path, fragment))),
    ),
    ...((schema.required ?? []) as string[]).map((key) => withBody(`body without ${key}`, JSON.stringify({ ...base, [key]: undefined }))),
    withBody('body with an unknown field', JSON.stringify({ ...base, unknownField: 1 })),
    withBody('body with __proto__', `{"__proto__":{"polluted":1}${inner === '}' ? '' : ','}${inner}`),
    withBody('body with constructor.prototype', `{"constructor":{"prototype":{"polluted":1}}${inner === '}' ? '' : ','}${inner}`),
    withBody('body an array', '[]'),
    withBody('body a string', '"abc"'),
    withBody('body null', 'null'),
    withBody('body a number', '1'),
    withBody('body empty', ''),
    withBody(`body of ${DEEP} nested arrays`, `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`),
    withBody('body of 10 000 nested objects', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`),
    withBody('body as text/plain', text, 'text/plain'),
    withBody('body as a form', 'a=1', 'application/x-www-form-urlencoded'),
    withBody('body as XML', '<a/>', 'application/xml'),
    withBody('body with a bad content type', text, 'application/json; charset=nonsense'),
  ];
}

/** Text values put in place of one field of a form. */
const FORM_VALUES: [string, string][] = [
  ['a string', 'abc'],
  ['empty', ''],
  ['1e308', '1e308'],
  ['-1', '-1'],
  ['20 000 characters', 'x'.repeat(20_000)],
  ['NUL', 'a\u0000b'],
  ['a lone surrogate', '\ud800'],
  ['not a date', '2024-W01'],
];

/** Whether the contract takes a form's text fields and has each of its binary parts. */
function formConforms(schema: Schema, form: MultipartPart[]): boolean {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const binary = new Set(properties.filter(([, property]) => property.format === 'binary').map(([name]) => name));
  const text = {
    type: 'object',
    properties: Object.fromEntries(properties.filter(([name]) => !binary.has(name))),
    required: ((schema.required ?? []) as string[]).filter((name) => !binary.has(name)),
  };
  const fields = Object.fromEntries(form.filter((part) => part.kind === 'field').map((part) => [part.name, part.value]));
  const files = new Set(form.filter((part) => part.kind === 'file').map((part) => part.name));
  return validator(schema, () => bodies.compile(text))(fields) && [...binary].every((name) => files.has(name));
}

/**
 * The form of an upload route made wrong: each text field, a field or the file left out, the file first, a field
 * twice, an unknown field, a file that is no image, a body that is no valid form.
 */
function formCases(schema: Schema, valid: ValidRequest): BadInputCase[] {
  const form = valid.parts.form!;
  const withForm = (label: string, parts: MultipartPart[], refusedByContract = !formConforms(schema, parts)): BadInputCase => ({
    label,
    parts: { ...valid.parts, form: parts },
    refusedByContract,
  });
  const fields = form.filter((part) => part.kind === 'field');
  const files = form.filter((part) => part.kind === 'file');
  const raw = (label: string, body: string, contentType: string): BadInputCase => ({
    label,
    parts: { ...valid.parts, form: undefined, body, contentType },
    refusedByContract: true,
  });
  return [
    ...fields.flatMap((field) =>
      FORM_VALUES.map(([label, value]) => withForm(`form ${field.name} = ${label}`, formWith(form, field.name, value))),
    ),
    ...form.map((part) =>
      withForm(
        `form without ${part.name}`,
        form.filter((other) => other !== part),
      ),
    ),
    withForm('form with the file first', [...files, ...fields], fields.length > 0),
    ...fields.map((field) => withForm(`form with ${field.name} twice`, [field, ...form], true)),
    withForm('form with an unknown field', [{ kind: 'field', name: 'unknownField', value: '1' }, ...form], false),
    withForm(
      'form with a file that is text',
      form.map((part) => (part.kind === 'file' ? { ...part, bytes: Buffer.from('просто текст') } : part)),
      false,
    ),
    raw('form without a boundary', 'abc', 'multipart/form-data'),
    raw('form cut short', '--b\r\nContent-Disposition: form-data; name="mpAccountId"\r\n\r\nabc', 'multipart/form-data; boundary=b'),
  ];
}

/** Bodies any route must refuse before its handler: malformed JSON and one over the size limit. */
function parserCases(valid: ValidRequest, base: Record<string, unknown>): BadInputCase[] {
  return [
    { label: 'malformed JSON body', parts: { ...valid.parts, body: '{"a":' }, refusedByContract: true },
    {
      label: 'body over 100 KB',
      parts: { ...valid.parts, body: JSON.stringify({ ...base, padding: 'x'.repeat(BODY_LIMIT_BYTES + 1024) }) },
      refusedByContract: true,
    },
  ];
}

/** The bad-input cases of an operation: each path parameter, each query parameter and each body field made wrong. */
export function badInputCases(operation: ContractOperation, valid: ValidRequest, known: KnownValues): BadInputCase[] {
  const cases: BadInputCase[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      for (const [label, value] of PATH_VALUES) {
        cases.push({
          label: `path ${parameter.name} = ${label}`,
          parts: { ...valid.parts, path: { ...valid.parts.path, [parameter.name]: value } },
          refusedByContract: false,
        });
      }
      continue;
    }
    const others = queryPairs(Object.fromEntries(Object.entries(valid.query).filter(([name]) => name !== parameter.name)));
    for (const [label, value] of QUERY_VALUES) {
      const pairs = (Array.isArray(value) ? value : [value]).map((item) => [parameter.name, item] as [string, string]);
      const query = [...others, ...pairs];
      cases.push({
        label: `query ${parameter.name} = ${label}`,
        parts: { ...valid.parts, query },
        refusedByContract: !queryConforms(operation, query),
      });
    }
  }
  cases.push({
    label: 'an unknown query parameter',
    parts: { ...valid.parts, query: [...valid.parts.query, ['unknownParam', '1']] },
    refusedByContract: false,
  });
  if (operation.body) cases.push(...bodyCases(operation.body, valid, known));
  if (operation.form) cases.push(...formCases(operation.form, valid));
  if (operation.method !== 'GET') cases.push(...parserCases(valid, (valid.body ?? {}) as Record<string, unknown>));
  return cases;
}
