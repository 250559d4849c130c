import { nmIdOf } from '../../ui/nm-id';
import { checkDiscount, checkPrice } from './price-bounds';
import type { BulkRow, Product } from './price-preview';

/** One data line of an uploaded price file, its cells as text. */
export interface FileRow {
  line: number;
  nmID: string;
  price: string;
  discount: string;
}

/** The distinct nmIDs of a file's lines that read as one. */
export function fileNmIds(rows: readonly FileRow[]): number[] {
  return [...new Set(rows.map((row) => nmIdOf(row.nmID)).filter((nmID) => nmID !== null))];
}

/** The lines of every nmID given more than once: which of them the seller meant is not ours to guess. */
function repeatedLines(rows: readonly FileRow[]): Map<number, number[]> {
  const lines = new Map<number, number[]>();
  for (const row of rows) {
    const nmID = nmIdOf(row.nmID);
    if (nmID !== null) lines.set(nmID, [...(lines.get(nmID) ?? []), row.line]);
  }
  return new Map([...lines].filter(([, found]) => found.length > 1));
}

/**
 * Every line of a file checked: the nmID is a product of the cabinet's catalog and given once, the price and the
 * discount are within the spec's bounds. A line that fails keeps the first reason found and is not sent.
 */
export function checkFileRows(rows: readonly FileRow[], catalog: ReadonlyMap<number, Product>): BulkRow[] {
  const repeated = repeatedLines(rows);
  return rows.map((row): BulkRow => {
    const base = { line: row.line, nmID: row.nmID.trim() };
    const nmID = nmIdOf(row.nmID);
    if (nmID === null) return { ...base, reason: 'nmID — целое положительное число' };
    const product = catalog.get(nmID);
    const withProduct = { ...base, ...(product && { product }) };
    const lines = repeated.get(nmID);
    if (lines) return { ...withProduct, reason: `nmID повторяется в строках ${lines.join(', ')}` };
    if (!product) return { ...base, reason: 'Товара нет в каталоге кабинета' };
    const price = checkPrice(row.price);
    if (!price.ok) return { ...withProduct, reason: price.error };
    const discount = checkDiscount(row.discount);
    if (!discount.ok) return { ...withProduct, reason: discount.error };
    const item = { nmID, price: price.value, ...(discount.value !== undefined && { discount: discount.value }) };
    return { ...withProduct, item };
  });
}
