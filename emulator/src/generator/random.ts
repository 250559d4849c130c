/** A small seeded PRNG (mulberry32): the same seed and index always give the same values. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator for item `index` of a seller with `seed`, independent of every other item. */
export function itemRandom(seed: number, index: number, salt = 0): () => number {
  return seededRandom(Math.imul(seed ^ 0x9e3779b9, 31) ^ Math.imul(index + 1, 0x85ebca6b) ^ salt);
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

export function intBetween(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
