/**
 * JSON with integer fields kept exact. Reference 4.1: report and row ids can exceed 2^53, so JSON.parse would round
 * them; the integer values of the named keys (at any depth) are read as their decimal digits and written back as
 * bare digits. The text is walked string by string, so a key is only ever recognised outside a string value.
 */
const BACKSLASH = 92;
const COLON = 58;
const INTEGER = /\s*(-?(?:0|[1-9]\d*))(?![\d.eE])/y;
const DIGIT_STRING = /"(-?\d+)"/y;

/** The index of the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/** A key as JSON.parse would read it; escapes are rare in keys, so only then is it decoded. */
function keyAt(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/**
 * Calls `edit` at each value of a named key, the index just after its colon; `edit` answers the text to put in place
 * of the value and the index where the value ends, or null to leave it. Linear: every string is passed once.
 */
function rewrite(text: string, keys: ReadonlySet<string>, edit: (from: number) => [string, number] | null): string {
  const parts: string[] = [];
  let copied = 0;
  let at = text.indexOf('"');
  while (at !== -1) {
    const end = stringEnd(text, at);
    if (end === -1) break;
    let next = end + 1;
    while (isWhitespace(text.charCodeAt(next))) next += 1;
    if (text.charCodeAt(next) === COLON && keys.has(keyAt(text, at, end))) {
      const edited = edit(next + 1);
      if (edited) {
        parts.push(text.slice(copied, next + 1), edited[0]);
        copied = edited[1];
        next = edited[1];
      }
    }
    at = text.indexOf('"', next);
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/** JSON.parse, with the integer values of `keys` as strings of their exact digits. */
export function parseExact(text: string, keys: ReadonlySet<string>): unknown {
  if (keys.size === 0) return JSON.parse(text);
  return JSON.parse(
    rewrite(text, keys, (from) => {
      INTEGER.lastIndex = from;
      const found = INTEGER.exec(text);
      return found ? [`"${found[1]}"`, INTEGER.lastIndex] : null;
    }),
  );
}

/** JSON.stringify, with digit strings under `keys` written as bare integers. */
export function stringifyExact(value: unknown, keys: ReadonlySet<string>): string {
  const text = JSON.stringify(value);
  if (keys.size === 0) return text;
  return rewrite(text, keys, (from) => {
    DIGIT_STRING.lastIndex = from;
    const found = DIGIT_STRING.exec(text);
    return found ? [found[1], DIGIT_STRING.lastIndex] : null;
  });
}
