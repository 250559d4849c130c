import { describe, expect, it } from 'vitest';

import { itemText, jsonArrayBatches, NotAJsonArray } from './json-array-batches';

/** The text as chunks of `size` bytes, as a socket might deliver it. */
async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield new Uint8Array(bytes.subarray(at, at + size));
}

/** Each batch's items, parsed from the batch's text; each item's own text must parse to the same item. */
async function batchesOf(text: string, chunkSize: number, batchBytes: number): Promise<unknown[][]> {
  const batches: unknown[][] = [];
  for await (const batch of jsonArrayBatches(chunksOf(text, chunkSize), batchBytes)) {
    const items = JSON.parse(batch.json.toString('utf8')) as unknown[];
    expect(batch.ends).toHaveLength(items.length);
    expect(items.map((_, index) => JSON.parse(itemText(batch, index).toString('utf8')))).toEqual(items);
    batches.push(items);
  }
  return batches;
}

const ITEMS = [
  { text: 'запятая, скобки ] } [ { и кавычка \\" внутри', n: 1 },
  { text: 'обратная косая в конце \\\\', list: [1, [2, 3], { deep: ']' }] },
  'строка-элемент, с запятой',
  42,
  null,
  { empty: {}, none: [], escaped: '\\\\\\"' },
  { last: 'Ёлка 🎄' },
];

describe('jsonArrayBatches', () => {
  const text = ` \n${JSON.stringify(ITEMS, null, 1)}\n `;

  it.each([1, 2, 3, 7, 64, 10_000])('gives every item once, in order, whatever the chunks (%d bytes each)', async (chunkSize) => {
    for (const batchBytes of [1, 20, 100, 1_000_000]) {
      const batches = await batchesOf(text, chunkSize, batchBytes);
      expect(batches.flat()).toEqual(ITEMS);
      expect(batches.every((batch) => batch.length > 0)).toBe(true);
    }
  });

  it('cuts batches of at least batchBytes at item boundaries', async () => {
    const items = Array.from({ length: 100 }, (_, n) => ({ n, pad: 'x'.repeat(50) }));
    const batches = await batchesOf(JSON.stringify(items), 13, 1000);
    expect(batches.flat()).toEqual(items);
    expect(batches.length).toBeGreaterThan(5);
    expect(batches.slice(0, -1).every((batch) => JSON.stringify(batch).length >= 1000)).toBe(true);
  });

  it.each(['[]', ' [ \n ] ', '[\n]\n'])('an empty array %j gives no batch', async (empty) => {
    expect(await batchesOf(empty, 1, 10)).toEqual([]);
  });

  it.each([
    ['{"errors": []}', 'the answer does not open with ['],
    ['', 'the answer is empty'],
    ['[{"a": 1}', 'the array is not closed'],
    ['[1, 2] [3]', 'text after the array'],
  ])('%j is not a JSON array: %s', async (bad, where) => {
    await expect(batchesOf(bad, 3, 10)).rejects.toEqual(new NotAJsonArray(where));
  });
});
