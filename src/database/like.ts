import { type AnyColumn, ilike, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so that a search text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The column holds the text anywhere, case-insensitively and literally (a search box's q). */
export function containsText(column: AnyColumn, text: string): SQL {
  return ilike(column, `%${escapeLike(text)}%`);
}
