/** An nmID typed or read from a file: a whole number from 1, or null when the text is none. */
export function nmIdOf(text: string): number | null {
  const compact = text.trim();
  if (!/^\d+$/.test(compact)) return null;
  const value = Number(compact);
  return value >= 1 && Number.isSafeInteger(value) ? value : null;
}
