const QUOTE = 34;
const BACKSLASH = 92;

/** `"name":`, what plainStringField looks for. */
export function fieldMark(name: string): Buffer {
  return Buffer.from(`${JSON.stringify(name)}:`);
}

/**
 * The string value of a field of a JSON object's text, read without parsing it: its last occurrence (as JSON.parse
 * keeps the last of a repeated key), searched from the end (where the marketplace puts the ids of a row), in the plain
 * form `"name":"value"` with no escape in the value; null otherwise (the caller parses the object instead). A match
 * inside a nested object or inside a string is not told apart: the caller must only use the value as a hint that its
 * own checks confirm.
 */
export function plainStringField(text: Buffer, mark: Buffer): string | null {
  const at = text.lastIndexOf(mark);
  if (at === -1) return null;
  const open = at + mark.length;
  if (text[open] !== QUOTE) return null;
  const close = text.indexOf(QUOTE, open + 1);
  if (close === -1) return null;
  const value = text.subarray(open + 1, close);
  return value.includes(BACKSLASH) ? null : value.toString('utf8');
}
