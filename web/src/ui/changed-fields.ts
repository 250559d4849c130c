/** Lists of fields the API reads as one: when one of them changes, all of them are sent. */
export type FieldGroups<F> = readonly (readonly (keyof F)[])[];

/** Whether two field values are one: numbers by Object.is (NaN, a number typed wrong, equals only itself), lists item by item. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  return Object.is(a, b);
}

/**
 * The fields of `next` that differ from `stored`, each with the fields it goes with, and the `forced` ones (a value the
 * form shows otherwise than stored). A field `next` leaves undefined is not sent, so it is no change.
 */
export function changedFields<F extends object>(
  stored: F,
  next: F,
  together: FieldGroups<F> = [],
  forced: readonly (keyof F)[] = [],
): Partial<F> {
  const sent = (Object.keys(next) as (keyof F)[]).filter((key) => next[key] !== undefined);
  const changed = new Set(sent.filter((key) => forced.includes(key) || !sameValue(stored[key], next[key])));
  for (const group of together) if (group.some((key) => changed.has(key))) for (const key of group) changed.add(key);
  return Object.fromEntries(sent.filter((key) => changed.has(key)).map((key) => [key, next[key]])) as Partial<F>;
}
