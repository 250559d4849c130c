import type { ProductSize } from '../../../database/schema';
import { REMAINS_PSEUDO_WAREHOUSES, RemainsRow, StocksReportRow } from '../../../marketplace/endpoints/stock';
import type { InWayRow, StockRow } from './inventory-sync.repository';

const PSEUDO = new Set<string>(REMAINS_PSEUDO_WAREHOUSES);

/** The warehouse names of remains rows that are places (reference 10.2: not the transit and total pseudo-entries). */
export function remainsWarehouseNames(rows: RemainsRow[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const { warehouseName } of row.warehouses) if (!PSEUDO.has(warehouseName)) names.add(warehouseName);
  return [...names];
}

/** Remains rows as stock rows of marketplace warehouses, by the service's id of each name; zero quantities left out. */
export function remainsStockRows(rows: RemainsRow[], ids: ReadonlyMap<string, number>): StockRow[] {
  const stock = new Map<string, StockRow>();
  for (const row of rows)
    for (const { warehouseName, quantity } of row.warehouses) {
      const warehouseId = ids.get(warehouseName);
      if (warehouseId === undefined || quantity <= 0) continue;
      // A size asked per barcode can come once per barcode: its quantities add up.
      const key = `${row.nmId}|${row.techSize}|${warehouseId}`;
      const seen = stock.get(key);
      if (seen) seen.quantity += quantity;
      else stock.set(key, { nmId: row.nmId, techSize: row.techSize, barcode: row.barcode || null, warehouseId, warehouseName, quantity });
    }
  return [...stock.values()];
}

/** Where a size id (chrtID) of the catalog belongs. */
export interface SizeOf {
  nmId: number;
  techSize: string;
  barcode: string | null;
}

/**
 * The first products of `page` (nmId order) whose sizes together fit one call of `max` sizes: whole products, so that a
 * checkpoint after the last of them is exact, and always the first one (a product of more sizes is asked in chunks).
 */
export function firstSizeGroup<T extends { sizes: readonly unknown[] }>(page: readonly T[], max: number): T[] {
  let sizes = 0;
  let end = 0;
  while (end < page.length && (end === 0 || sizes + page[end].sizes.length <= max)) sizes += page[end++].sizes.length;
  return page.slice(0, end);
}

/** The catalog's sizes by chrtID. */
export function sizesByChrtId(products: { nmId: number; sizes: ProductSize[] }[]): Map<number, SizeOf> {
  const sizes = new Map<number, SizeOf>();
  for (const product of products)
    for (const size of product.sizes)
      sizes.set(size.chrtID, { nmId: product.nmId, techSize: size.techSize, barcode: size.skus[0] ?? null });
  return sizes;
}

/**
 * Stocks report rows as in-way units per size, summed over the report's warehouses (all one, -999999, since release
 * note 570); a size the catalog does not know is left out and counted.
 */
export function inWayRows(rows: StocksReportRow[], sizes: ReadonlyMap<number, SizeOf>): { rows: InWayRow[]; unknown: number } {
  const inWay = new Map<string, InWayRow>();
  let unknown = 0;
  for (const row of rows) {
    const size = sizes.get(row.chrtId);
    if (!size) {
      unknown += 1;
      continue;
    }
    const key = `${size.nmId}|${size.techSize}`;
    const seen = inWay.get(key);
    if (seen) {
      seen.inWayToClient += row.inWayToClient;
      seen.inWayFromClient += row.inWayFromClient;
    } else
      inWay.set(key, { nmId: size.nmId, techSize: size.techSize, inWayToClient: row.inWayToClient, inWayFromClient: row.inWayFromClient });
  }
  return { rows: [...inWay.values()], unknown };
}

/** A seller warehouse's amounts by chrtId as stock rows; zero amounts and sizes the catalog does not know left out. */
export function sellerStockRows(
  warehouse: { id: number; name: string },
  stocks: { chrtId: number; amount: number }[],
  sizes: ReadonlyMap<number, SizeOf>,
): StockRow[] {
  return stocks.flatMap(({ chrtId, amount }) => {
    const size = sizes.get(chrtId);
    if (!size || amount <= 0) return [];
    return [{ ...size, warehouseId: warehouse.id, warehouseName: warehouse.name, quantity: amount }];
  });
}
