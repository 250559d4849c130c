import { inArray, sql } from 'drizzle-orm';

import { cardAt, CatalogShape } from '../emulator/src/generator/catalog';
import { MARKETPLACE_WAREHOUSES, sellerAmount, sellerWarehousesOf, stockOf } from '../emulator/src/generator/stock';
import { brands, inventorySnapshots, inventoryWarehouses, products } from '../src/database/schema';
import type { StockRow } from '../src/modules/inventory/sync/inventory-sync.repository';
import { catalogRow } from '../test/support/catalog-rows';
import type { BenchDatabase, CatalogInsert } from './service-stack';

/** Rows written per statement. */
const BATCH = 10_000;

/** The emulator seller's cards in the account's catalog as a cards sync leaves them: sizes (chrtIDs, barcodes) and brands. */
export function sellerCatalogInsert(shape: CatalogShape): CatalogInsert {
  return async (db, accountId, nmIds) => {
    const cards = nmIds.map((_, index) => cardAt(shape, index));
    const names = [...new Set(cards.map((card) => card.brand))];
    const rows = await db
      .insert(brands)
      .values(names.map((name) => ({ mpAccountId: accountId, name })))
      .returning({ id: brands.id, name: brands.name });
    const brandIds = new Map(rows.map((row) => [row.name, row.id]));
    for (let start = 0; start < cards.length; start += 1000)
      await db
        .insert(products)
        .values(cards.slice(start, start + 1000).map((card) => catalogRow(accountId, card, brandIds.get(card.brand)!)));
  };
}

/** The seller's stock as the emulator generates it (marketplace warehouses by the service's ids of their names, and its own). */
function generatedStock(shape: CatalogShape, mpIds: ReadonlyMap<string, number>): (StockRow & { kind: 'mp' | 'seller' })[] {
  const rows: (StockRow & { kind: 'mp' | 'seller' })[] = [];
  const sellerWarehouses = sellerWarehousesOf(shape);
  for (let index = 0; index < shape.cards; index += 1)
    for (const size of stockOf(shape, index)) {
      const base = { nmId: size.nmId, techSize: size.techSize, barcode: size.barcode };
      MARKETPLACE_WAREHOUSES.forEach(({ name }, n) => {
        const quantity = size.quantities[n];
        if (quantity > 0) rows.push({ ...base, kind: 'mp', warehouseId: mpIds.get(name)!, warehouseName: name, quantity });
      });
      for (const warehouse of sellerWarehouses) {
        const quantity = sellerAmount(warehouse.id, size.chrtId);
        if (quantity > 0) rows.push({ ...base, kind: 'seller', warehouseId: warehouse.id, warehouseName: warehouse.name, quantity });
      }
    }
  return rows;
}

/**
 * Earlier syncs' snapshots of the seller's stock, one on each of `days` (Moscow days, oldest first): the generator's
 * stock of today on every day, except that each SKU was out of stock everywhere on one day in nine (what velocity
 * skips). The marketplace warehouses' names get their ids first, as an earlier sync gave them. Answers the rows written.
 */
export async function seedStockHistory(db: BenchDatabase, accountId: string, shape: CatalogShape, days: string[]): Promise<number> {
  const names = MARKETPLACE_WAREHOUSES.map(({ name }) => name);
  await db
    .insert(inventoryWarehouses)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: inventoryWarehouses.name });
  const ids = await db
    .select({ id: inventoryWarehouses.id, name: inventoryWarehouses.name })
    .from(inventoryWarehouses)
    .where(inArray(inventoryWarehouses.name, names));
  const stock = generatedStock(shape, new Map(ids.map((row) => [row.name, row.id])));
  const sources = { remains: 'ok', stockReport: 'ok', sellerWarehouses: 'ok' } as const;
  await db
    .insert(inventorySnapshots)
    .values(days.map((day) => ({ mpAccountId: accountId, day, takenAt: new Date(`${day}T09:00:00Z`), sources })));
  const last = days[days.length - 1];
  for (let start = 0; start < stock.length; start += BATCH)
    await db.execute(sql`
      INSERT INTO inventory_snapshot_rows (mp_account_id, day, nm_id, tech_size, warehouse_kind, warehouse_id, quantity)
      SELECT ${accountId}::uuid, ${last}::date, r."nmId", r."techSize", r.kind, r."warehouseId", r.quantity
      FROM jsonb_to_recordset(${JSON.stringify(stock.slice(start, start + BATCH))}::jsonb)
        AS r("nmId" bigint, "techSize" text, kind text, "warehouseId" bigint, quantity integer)`);
  await db.execute(sql`
    INSERT INTO inventory_snapshot_rows (mp_account_id, day, nm_id, tech_size, warehouse_kind, warehouse_id, quantity)
    SELECT r.mp_account_id, d.day, r.nm_id, r.tech_size, r.warehouse_kind, r.warehouse_id, r.quantity
    FROM inventory_snapshot_rows r, unnest(${`{${days.join(',')}}`}::date[]) WITH ORDINALITY AS d(day, n)
    WHERE r.mp_account_id = ${accountId}::uuid AND r.day = ${last}::date AND d.day <> ${last}::date AND (r.nm_id + d.n) % 9 <> 0`);
  // The last day (ordinal days.length) has its gap too.
  await db.execute(sql`DELETE FROM inventory_snapshot_rows WHERE mp_account_id = ${accountId}::uuid AND day = ${last}::date
    AND (nm_id + ${days.length}) % 9 = 0`);
  await db.execute(sql`ANALYZE inventory_snapshot_rows`);
  const { rows } = await db.execute<{ rows: number }>(
    sql`SELECT count(*)::int AS rows FROM inventory_snapshot_rows WHERE mp_account_id = ${accountId}::uuid`,
  );
  return rows[0].rows;
}
