/**
 * The indexes of the last of each key, in order (a row repeated within a page is written once, its last version), or
 * null when no key repeats, as always in practice, so that the page can be written as it came.
 */
export function lastOfEachKey(keys: string[]): number[] | null {
  const last = new Map<string, number>();
  keys.forEach((key, index) => last.set(key, index));
  if (last.size === keys.length) return null;
  return [...last.values()].sort((a, b) => a - b);
}
