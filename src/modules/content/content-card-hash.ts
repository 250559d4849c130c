import { createHash } from 'node:crypto';

/** JSON with every object's keys in order, so that the same card always reads the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash a draft keeps of the card it was made from: a card whose hash differs has changed on the marketplace. */
export function cardHash(card: unknown): string {
  return createHash('sha256').update(canonicalJson(card)).digest('hex');
}
