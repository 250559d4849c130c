interface Admitted {
  slots: Map<number, Buffer>;
  key: number;
  json: Buffer;
}

/**
 * Serialized JSON of generated items (cards, goods, report rows) as UTF-8 bytes, bounded in bytes over every
 * owner; the oldest entries go first. A page is then one copy of cached items into one buffer, so that reading
 * a large catalog again costs no generation, no serialization and no string encoding. Each owner (a seller's
 * cards, goods, rows) has its own slots keyed by a small integer, which keeps a lookup cheap at 100 000 items.
 */
export class JsonCache {
  private readonly admitted: Admitted[] = [];
  private head = 0;
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Slots for one owner's items. */
  slots(): JsonSlots {
    return new JsonSlots(this);
  }

  /** Counts a new entry and drops the oldest ones while over the bound. */
  admit(slots: Map<number, Buffer>, key: number, json: Buffer): void {
    this.admitted.push({ slots, key, json });
    this.bytes += json.length;
    while (this.bytes > this.maxBytes && this.head < this.admitted.length) {
      const oldest = this.admitted[this.head++];
      // An entry forgotten since (and perhaps made again) was already uncounted.
      if (oldest.slots.get(oldest.key) === oldest.json) this.release(oldest.slots, oldest.key, oldest.json);
    }
    if (this.head > 1024 && this.head * 2 > this.admitted.length) {
      this.admitted.splice(0, this.head);
      this.head = 0;
    }
  }

  release(slots: Map<number, Buffer>, key: number, json: Buffer): void {
    slots.delete(key);
    this.bytes -= json.length;
  }
}

/** One owner's cached items. Items are immutable for their seed; a changed item is dropped with forget(). */
export class JsonSlots {
  private readonly items = new Map<number, Buffer>();

  constructor(private readonly cache: JsonCache) {}

  /** The cached item, without making it. */
  cached(key: number): Buffer | undefined {
    return this.items.get(key);
  }

  get(key: number, make: () => unknown): Buffer {
    let json = this.items.get(key);
    if (json === undefined) {
      json = Buffer.from(JSON.stringify(make()));
      this.items.set(key, json);
      this.cache.admit(this.items, key, json);
    }
    return json;
  }

  forget(key: number): void {
    const json = this.items.get(key);
    if (json !== undefined) this.cache.release(this.items, key, json);
  }
}

const COMMA = Buffer.from(',');
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/** `<prefix>[item,item,...]<suffix>` as one buffer: the items are copied once, never decoded. */
export function jsonArrayBody(prefix: string, items: Buffer[], suffix: string): Buffer {
  const parts: Buffer[] = [Buffer.from(`${prefix}[`)];
  items.forEach((item, position) => {
    if (position > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(`]${suffix}`));
  return Buffer.concat(parts);
}

/**
 * A JSON array of items in pieces of `perPiece` items, each made when the reader asks for it (Readable.from), so that a
 * long answer is never serialized whole.
 */
export function* jsonArrayPieces(items: Iterable<Buffer>, perPiece: number): Generator<Buffer> {
  let parts: Buffer[] = [OPEN];
  let count = 0;
  for (const item of items) {
    if (count > 0) parts.push(COMMA);
    parts.push(item);
    count += 1;
    if (count % perPiece === 0) {
      yield Buffer.concat(parts);
      parts = [];
    }
  }
  parts.push(CLOSE);
  yield Buffer.concat(parts);
}

/** Room for 100 000 cards of ~2 KB, their goods and a few months of report rows. */
export const ITEM_CACHE_BYTES = 320 * 1024 * 1024;
