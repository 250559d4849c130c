import { randomUUID } from 'node:crypto';
import { ContractOperation, exampleOf, KnownValues, queryPairs, Schema } from './openapi-contract';
import type { RequestParts, ValidRequest } from './openapi-requests';

/** One thing of a valid request made wrong. */
export interface BadInputCase {
  label: string;
  parts: RequestParts;
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
  const withBody = (label: string, body: string, contentType?: string): BadInputCase => ({ label, parts: { ...valid.parts, body, contentType } });
  const inner = text.slice(1);
  return [
    ...fieldPaths(schema).flatMap((path) => BODY_VALUES.map(([label, fragment]) => withBody(`body ${path.join('.')} = ${label}`, bodyWith(schema, base, known, path, fragment)))),
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

/** Bodies any route must refuse before its handler: malformed JSON and one over the size limit. */
function parserCases(valid: ValidRequest, base: Record<string, unknown>): BadInputCase[] {
  return [
    { label: 'malformed JSON body', parts: { ...valid.parts, body: '{"a":' } },
    { label: 'body over 100 KB', parts: { ...valid.parts, body: JSON.stringify({ ...base, padding: 'x'.repeat(BODY_LIMIT_BYTES + 1024) }) } },
  ];
}

/** The bad-input cases of an operation: each path parameter, each query parameter and each body field made wrong. */
export function badInputCases(operation: ContractOperation, valid: ValidRequest, known: KnownValues): BadInputCase[] {
  const cases: BadInputCase[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      for (const [label, value] of PATH_VALUES) cases.push({ label: `path ${parameter.name} = ${label}`, parts: { ...valid.parts, path: { ...valid.parts.path, [parameter.name]: value } } });
      continue;
    }
    const others = queryPairs(Object.fromEntries(Object.entries(valid.query).filter(([name]) => name !== parameter.name)));
    for (const [label, value] of QUERY_VALUES) {
      const pairs = (Array.isArray(value) ? value : [value]).map((item) => [parameter.name, item] as [string, string]);
      cases.push({ label: `query ${parameter.name} = ${label}`, parts: { ...valid.parts, query: [...others, ...pairs] } });
    }
  }
  cases.push({ label: 'an unknown query parameter', parts: { ...valid.parts, query: [...valid.parts.query, ['unknownParam', '1']] } });
  if (operation.body) cases.push(...bodyCases(operation.body, valid, known));
  if (operation.method !== 'GET') cases.push(...parserCases(valid, (valid.body ?? {}) as Record<string, unknown>));
  return cases;
}
