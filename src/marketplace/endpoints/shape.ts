/**
 * A runtime check of a marketplace answer and the type it proves. `check` names the first place that does not fit
 * (`cards[3].nmID: expected an integer`), never a value from the answer, or returns null when the answer fits.
 */
export interface Shape<T> {
  check(value: unknown, at: string): string | null;
  /** Carries T for ShapeOf; never set. */
  readonly type?: T;
}

/** A field that may be absent; one that may be null is nullable (the OpenAPI files say which of the two a `?` is). */
export interface OptionalShape<T> extends Shape<T | undefined> {
  readonly optional: true;
}

export type ShapeOf<S> = S extends Shape<infer T> ? T : never;

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F extends Fields> = { [K in keyof F]: F[K] extends OptionalShape<unknown> ? K : never }[keyof F];
type ObjectOf<F extends Fields> = { [K in Exclude<keyof F, OptionalKeys<F>>]: ShapeOf<F[K]> } & {
  [K in OptionalKeys<F>]?: ShapeOf<F[K]>;
};
type Flat<T> = { [K in keyof T]: T[K] };

function scalar<T>(expected: string, test: (value: unknown) => boolean): Shape<T> {
  return { check: (value, at) => (test(value) ? null : `${at}: expected ${expected}`) };
}

export const int = scalar<number>('an integer', Number.isInteger);
export const num = scalar<number>('a number', (value) => typeof value === 'number' && Number.isFinite(value));
export const str = scalar<string>('a string', (value) => typeof value === 'string');
export const bool = scalar<boolean>('a boolean', (value) => typeof value === 'boolean');
/** Anything, for a field whose value the service does not read (a characteristic's value, a rejection's body). */
export const anything = scalar<unknown>('anything', () => true);

export function oneOf<const T extends readonly (string | number)[]>(...values: T): Shape<T[number]> {
  return scalar(values.map((value) => JSON.stringify(value)).join(' or '), (value) => values.includes(value as T[number]));
}

export function optional<T>(shape: Shape<T>): OptionalShape<T> {
  return { optional: true, check: (value, at) => (value === undefined ? null : shape.check(value, at)) };
}

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return { check: (value, at) => (value === null ? null : shape.check(value, at)) };
}

export function arrayOf<T>(item: Shape<T>): Shape<T[]> {
  return {
    check(value, at) {
      if (!Array.isArray(value)) return `${at}: expected an array`;
      for (let index = 0; index < value.length; index += 1) {
        const problem = item.check(value[index], `${at}[${index}]`);
        if (problem) return problem;
      }
      return null;
    },
  };
}

/** An object with at least these fields; fields the service does not name pass unchecked. */
export function object<F extends Fields>(fields: F): Shape<Flat<ObjectOf<F>>> {
  const entries = Object.entries(fields);
  return {
    check(value, at) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return `${at}: expected an object`;
      for (const [name, field] of entries) {
        const problem = field.check((value as Record<string, unknown>)[name], `${at}.${name}`);
        if (problem) return problem;
      }
      return null;
    },
  };
}
