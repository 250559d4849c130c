/**
 * A page's items with each key once, its last version (a row repeated within a page is written once), or null when
 * no key repeats, as always in practice, so that the page can be written as it came.
 */
export function lastOfEachKey<T>(items: T[], keyOf: (item: T) => string): T[] | null {
  const keys = new Set(items.map(keyOf));
  if (keys.size === items.length) return null;
  return [...new Map(items.map((item) => [keyOf(item), item])).values()];
}
