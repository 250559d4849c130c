const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const SEPARATOR = Buffer.from(',');

/** The answer is not one JSON array: its first sign is something else, or something follows its end. */
export class NotAJsonArray extends Error {
  constructor(readonly where: string) {
    super(`not a JSON array: ${where}`);
  }
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** A batch of whole items of a JSON array, itself a JSON array text. */
export interface JsonArrayBatch {
  /** `[item,item,...]`, the bytes as they came. */
  json: Buffer;
  /** Where each item's text ends in `json` (at its comma, or at the closing bracket); an item starts just after the end before it (the first just after the opening bracket). */
  ends: number[];
}

/** The text of item `index` of a batch, as it came (with any whitespace around it). */
export function itemText(batch: JsonArrayBatch, index: number): Buffer {
  return batch.json.subarray(index === 0 ? 1 : batch.ends[index - 1] + 1, batch.ends[index]);
}

/** Item texts as one JSON array. */
export function jsonArrayOf(texts: Buffer[]): Buffer {
  return Buffer.concat([OPEN, ...texts.flatMap((text, index) => (index === 0 ? [text] : [SEPARATOR, text])), CLOSE]);
}

/**
 * The state of a scan of a top-level JSON array between its chunks: where the array opens and closes and where its
 * items end (the commas between them). Only strings and nesting are tracked; whether the items are valid JSON is for
 * their parser. The hot loop works on locals, saved at the chunk's end.
 */
class ArrayScan {
  started = false;
  ended = false;
  depth = 0;
  inString = false;
  escaped = false;
  /** In the last chunk scanned: the index just after the opening bracket (0 when it opened before), and of the closing bracket (-1 when not in it). */
  from = 0;
  closedAt = -1;

  /** Scans a chunk, putting the index of each comma that ends an item into `commas`. */
  scan(chunk: Buffer, commas: number[]): void {
    let { started, ended, depth, inString, escaped } = this;
    this.from = 0;
    this.closedAt = -1;
    const length = chunk.length;
    for (let at = 0; at < length; at += 1) {
      if (inString) {
        // Inside a string only its closing quote matters, and a backslash, which escapes the byte after it.
        if (escaped) {
          escaped = false;
          continue;
        }
        let end = at;
        while (end < length && chunk[end] !== QUOTE) end += chunk[end] === BACKSLASH ? 2 : 1;
        if (end >= length) escaped = end > length;
        else inString = false;
        at = end;
        continue;
      }
      const code = chunk[at];
      if (ended) {
        if (!isWhitespace(code)) throw new NotAJsonArray('text after the array');
      } else if (!started) {
        if (isWhitespace(code)) continue;
        if (code !== OPEN_BRACKET) throw new NotAJsonArray('the answer does not open with [');
        started = true;
        depth = 1;
        this.from = at + 1;
      } else if (code === QUOTE) inString = true;
      else if (code === COMMA) {
        if (depth === 1) commas.push(at);
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) {
          ended = true;
          this.closedAt = at;
        }
      }
    }
    Object.assign(this, { started, ended, depth, inString, escaped });
  }
}

/**
 * A top-level JSON array read as it arrives, cut into batches of whole items: each batch is itself a JSON array text
 * (bytes copied once, never decoded here) of at least `batchBytes` bytes, except the last, with where each item ends.
 * An empty array gives no batch.
 */
export async function* jsonArrayBatches(chunks: AsyncIterable<Uint8Array>, batchBytes: number): AsyncGenerator<JsonArrayBatch> {
  const scan = new ArrayScan();
  const commas: number[] = [];
  let held: Buffer[] = [];
  let heldBytes = 0;
  let ends: number[] = [];
  /** The batch's items so far and `last`, the rest of the current chunk up to the item boundary. */
  const batch = (last: Buffer): JsonArrayBatch => {
    ends.push(1 + heldBytes + last.length);
    const made = { json: Buffer.concat([OPEN, ...held, last, CLOSE]), ends };
    held = [];
    heldBytes = 0;
    ends = [];
    return made;
  };
  for await (const piece of chunks) {
    if (scan.ended) {
      scan.scan(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength), commas);
      continue;
    }
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    commas.length = 0;
    scan.scan(chunk, commas);
    let { from } = scan;
    for (const comma of commas) {
      if (heldBytes + comma - from >= batchBytes) {
        yield batch(chunk.subarray(from, comma));
        from = comma + 1;
      } else ends.push(1 + heldBytes + comma - from);
    }
    if (scan.ended) {
      const last = chunk.subarray(from, scan.closedAt);
      // `[ ]` holds no item, so it gives no batch.
      if ([...held, last].some((part) => part.some((byte) => !isWhitespace(byte)))) yield batch(last);
    } else if (scan.started && from < chunk.length) {
      const rest = chunk.subarray(from);
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  if (!scan.ended) throw new NotAJsonArray(scan.started ? 'the array is not closed' : 'the answer is empty');
}
