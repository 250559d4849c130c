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
 * A top-level JSON array read as it arrives, cut into batches of whole items: each batch is itself a JSON array text
 * (bytes copied once, never decoded here) of at least `batchBytes` bytes, except the last, with where each item ends.
 * Only strings and nesting are tracked; inside a string its closing quote is found natively. Whether the items are valid
 * JSON is for the parser of each batch. An empty array gives no batch.
 */
export async function* jsonArrayBatches(chunks: AsyncIterable<Uint8Array>, batchBytes: number): AsyncGenerator<JsonArrayBatch> {
  let started = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
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
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let from = 0;
    for (let at = 0; at < chunk.length; at += 1) {
      const code = chunk[at];
      if (ended) {
        if (!isWhitespace(code)) throw new NotAJsonArray('text after the array');
        continue;
      }
      if (!started) {
        if (isWhitespace(code)) continue;
        if (code !== OPEN_BRACKET) throw new NotAJsonArray('the answer does not open with [');
        started = true;
        depth = 1;
        from = at + 1;
        continue;
      }
      if (inString) {
        // Inside a string only its closing quote matters: found natively, then checked for an escaping backslash.
        if (escaped) {
          escaped = false;
          continue;
        }
        const quote = chunk.indexOf(QUOTE, at);
        const end = quote === -1 ? chunk.length : quote;
        let backslashes = 0;
        while (end - 1 - backslashes >= at && chunk[end - 1 - backslashes] === BACKSLASH) backslashes += 1;
        if (quote === -1) escaped = backslashes % 2 === 1;
        else if (backslashes % 2 === 0) inString = false;
        at = end;
        continue;
      }
      if (code === QUOTE) inString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) {
          ended = true;
          const last = chunk.subarray(from, at);
          // `[ ]` holds no item, so it gives no batch.
          if ([...held, last].some((part) => part.some((byte) => !isWhitespace(byte)))) yield batch(last);
          continue;
        }
      } else if (code === COMMA && depth === 1) {
        if (heldBytes + at - from >= batchBytes) {
          yield batch(chunk.subarray(from, at));
          from = at + 1;
        } else ends.push(1 + heldBytes + at - from);
      }
    }
    if (started && !ended && from < chunk.length) {
      const rest = chunk.subarray(from);
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  if (!ended) throw new NotAJsonArray(started ? 'the array is not closed' : 'the answer is empty');
}
