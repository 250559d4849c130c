/**
 * Serialized JSON of generated items (cards, goods), bounded; the oldest entries go first. A page is then
 * the concatenation of cached items, so that reading a large catalog again costs no generation and no
 * serialization. Items are immutable for their seed; a changed item is dropped with forget().
 */
export class JsonCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, make: () => unknown): string {
    let json = this.entries.get(key);
    if (json === undefined) {
      json = JSON.stringify(make());
      this.entries.set(key, json);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return json;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}

/** About 200 MB at most: 100 000 cards of ~2 KB. */
export const ITEM_CACHE_ENTRIES = 100_000;
