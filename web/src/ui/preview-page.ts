/** Rows a preview page shows. */
export const PREVIEW_PAGE_SIZE = 20;

/** A line of an upload's preview: the item to send, or none when the line is refused. */
interface PreviewRow {
  item?: unknown;
}

/** The rows in the order a preview shows them: the refused ones first, each group in its own order. */
export function previewOrder<R extends PreviewRow>(rows: readonly R[]): R[] {
  return [...rows.filter((row) => !row.item), ...rows.filter((row) => row.item)];
}

/** The items of the rows a preview sends (the ones not refused), in their order. */
export function previewItems<I>(rows: readonly { item?: I }[]): I[] {
  return rows.flatMap((row) => (row.item ? [row.item] : []));
}

/** The rows of one preview page (pages count from 1) and the number of pages, at least 1. */
export function previewPage<R extends PreviewRow>(rows: readonly R[], page: number): { rows: R[]; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(rows.length / PREVIEW_PAGE_SIZE));
  const start = (Math.min(page, totalPages) - 1) * PREVIEW_PAGE_SIZE;
  return { rows: previewOrder(rows).slice(start, start + PREVIEW_PAGE_SIZE), totalPages };
}
