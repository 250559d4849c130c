/**
 * A runtime check of a marketplace answer and the type it proves. `check` names the first place that does not fit
 * (`cards[3].nmID: expected an integer`), never a value from the answer, or returns null when the answer fits.
 */
export interface Shape<T> {
  check(value: unknown, at: string): string | null;
  /** Carries T for ShapeOf; never set. */
  readonly type?: T;
  /** The keys, at any depth, whose integers the answer must be read with exactly (client/exact-json.ts). */
  readonly exactKeys?: ReadonlySet<string>;
  /** Set on bigIntText (and optional or nullable forms of it): the field's own key goes into exactKeys. */
  readonly exactInteger?: true;
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

/**
 * An integer that may exceed 2^53 (reference 4.1: report and row ids), read as its exact decimal digits: the object
 * holding it adds its key to exactKeys, and the client parses those keys' integers without a JS number.
 */
export const bigIntText: Shape<string> = {
  ...scalar<string>('an integer', (value) => typeof value === 'string' && /^-?\d+$/.test(value)),
  exactInteger: true,
};

/** The keys an object of these fields reads exactly: its bigIntText fields and those of what they hold. */
function exactKeysOf(fields: [string, Shape<unknown>][]): ReadonlySet<string> | undefined {
  const keys = new Set<string>();
  for (const [name, field] of fields) {
    if (field.exactInteger) keys.add(name);
    for (const key of field.exactKeys ?? []) keys.add(key);
  }
  return keys.size > 0 ? keys : undefined;
}

/** What a wrapper keeps of the shape it wraps. */
function exactOf(shape: Shape<unknown>): Pick<Shape<unknown>, 'exactKeys' | 'exactInteger'> {
  return { exactKeys: shape.exactKeys, exactInteger: shape.exactInteger };
}

export function oneOf<const T extends readonly (string | number)[]>(...values: T): Shape<T[number]> {
  return scalar(values.map((value) => JSON.stringify(value)).join(' or '), (value) => values.includes(value as T[number]));
}

export function optional<T>(shape: Shape<T>): OptionalShape<T> {
  return { ...exactOf(shape), optional: true, check: (value, at) => (value === undefined ? null : shape.check(value, at)) };
}

/** A nullable array keeps its item shape, so that an answer of items or of nothing (204) can still be streamed. */
export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  const { item } = shape as Partial<ArrayShape<unknown>>;
  return { ...exactOf(shape), ...(item ? { item } : {}), check: (value, at) => (value === null ? null : shape.check(value, at)) };
}

/** An array whose items are of one shape, which a streamed answer checks item by item. */
export interface ArrayShape<T> extends Shape<T[]> {
  readonly item: Shape<T>;
}

export function arrayOf<T>(item: Shape<T>): ArrayShape<T> {
  return {
    item,
    exactKeys: item.exactKeys,
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
    exactKeys: exactKeysOf(entries),
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

/** An object used as a map (reference 15.2: errors by vendor code): every value of one shape. */
export function recordOf<T>(item: Shape<T>): Shape<Record<string, T>> {
  return {
    exactKeys: item.exactKeys,
    check(value, at) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return `${at}: expected an object`;
      for (const [key, entry] of Object.entries(value)) {
        const problem = item.check(entry, `${at}[${JSON.stringify(key)}]`);
        if (problem) return problem;
      }
      return null;
    },
  };
}
