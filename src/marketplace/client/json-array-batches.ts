const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');

/** The answer is not one JSON array: its first sign is something else, or something follows its end. */
export class NotAJsonArray extends Error {
  constructor(readonly where: string) {
    super(`not a JSON array: ${where}`);
  }
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/**
 * A top-level JSON array read as it arrives, cut into batches of whole items: each batch is itself a JSON array text
 * (`[item,item,...]`, bytes copied once, never decoded here) of at least `batchBytes` bytes, except the last. Only
 * strings and nesting are tracked, byte by byte; whether the items are valid JSON is for the parser of each batch.
 * An empty array gives no batch.
 */
export async function* jsonArrayBatches(chunks: AsyncIterable<Uint8Array>, batchBytes: number): AsyncGenerator<Buffer> {
  let started = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let held: Buffer[] = [];
  let heldBytes = 0;
  const batch = (last: Buffer): Buffer => {
    const parts = [OPEN, ...held, last, CLOSE];
    held = [];
    heldBytes = 0;
    return Buffer.concat(parts);
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
      } else if (code === COMMA && depth === 1 && heldBytes + at - from >= batchBytes) {
        yield batch(chunk.subarray(from, at));
        from = at + 1;
        continue;
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
