import { parseExact } from './exact-json';

/**
 * A JSON array text of `count` items parsed (integers under `exactKeys` kept exact) and each item checked; answers the
 * items, or the first problem: where the text is not JSON, holds another number of items, or an item does not fit
 * (`where(index)` names the item as the answer numbers it).
 */
export function parseCheckedArray(
  json: Buffer,
  count: number,
  exactKeys: ReadonlySet<string>,
  check: (value: unknown, at: string) => string | null,
  where: (index: number) => string,
): unknown[] | string {
  let items: unknown[];
  try {
    items = parseExact(json.toString('utf8'), exactKeys) as unknown[];
  } catch (error) {
    return `body: ${(error as Error).message}`;
  }
  if (items.length !== count) return `${where(0)}: items not separated as JSON`;
  for (let index = 0; index < items.length; index += 1) {
    const problem = check(items[index], where(index));
    if (problem !== null) return problem;
  }
  return items;
}
