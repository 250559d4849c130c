/** Consecutive slices of at most `size` items, in order. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** How many uploads a bulk job of `items` takes. */
export function chunkCount(items: number, size: number): number {
  return Math.ceil(items / size);
}
