import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { inventoryInWay, inventoryStocks, inventoryWarehouses, StockSources, StockWarehouseKind } from '../../../database/schema';
import type { Transaction } from '../../../database/transaction';

/** A size's stock in one warehouse, as a sync writes it. */
export interface StockRow {
  nmId: number;
  techSize: string;
  barcode: string | null;
  warehouseId: number;
  warehouseName: string;
  quantity: number;
}

/** A size's units on their way to and from buyers. */
export interface InWayRow {
  nmId: number;
  techSize: string;
  inWayToClient: number;
  inWayFromClient: number;
}

/** Snapshots older than this many Moscow days are removed (issue: velocity reads 28 days, plans 90 at most). */
export const SNAPSHOT_KEEP_DAYS = 90;

/** Every write of an inventory sync: current rows, the warehouse name map, the day's snapshot. */
@Injectable()
export class InventorySyncRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The service's id of each marketplace warehouse name, given once on first sight and kept. */
  async warehouseIds(names: string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    await this.db
      .insert(inventoryWarehouses)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing({ target: inventoryWarehouses.name });
    const rows = await this.db
      .select({ id: inventoryWarehouses.id, name: inventoryWarehouses.name })
      .from(inventoryWarehouses)
      .where(inArray(inventoryWarehouses.name, names));
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  /**
   * One batch of stock rows of one kind in one statement (a row seen again by this sync is updated), and with
   * `snapshotDay` into that day's snapshot as well, side by side (a source that writes its part of the snapshot as it
   * reads, after clearSnapshotRows).
   */
  async upsertStocks(accountId: string, kind: StockWarehouseKind, rows: StockRow[], syncedAt: Date, snapshotDay?: string): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(rows);
    const snapshot = snapshotDay
      ? this.db.execute(sql`
          INSERT INTO inventory_snapshot_rows (mp_account_id, day, nm_id, tech_size, warehouse_kind, warehouse_id, quantity)
          SELECT ${accountId}::uuid, ${snapshotDay}::date, r."nmId", r."techSize", ${kind}, r."warehouseId", r.quantity
          FROM jsonb_to_recordset(${json}::jsonb) AS r("nmId" bigint, "techSize" text, "warehouseId" bigint, quantity integer)
          WHERE r.quantity > 0
          ON CONFLICT (mp_account_id, day, nm_id, tech_size, warehouse_kind, warehouse_id) DO UPDATE SET quantity = EXCLUDED.quantity`)
      : null;
    const stocks = this.db.execute(sql`
      INSERT INTO ${inventoryStocks} (mp_account_id, nm_id, tech_size, barcode, warehouse_kind, warehouse_id, warehouse_name, quantity, synced_at)
      SELECT ${accountId}::uuid, r."nmId", r."techSize", r.barcode, ${kind}, r."warehouseId", r."warehouseName", r.quantity,
        ${syncedAt.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${json}::jsonb)
        AS r("nmId" bigint, "techSize" text, barcode text, "warehouseId" bigint, "warehouseName" text, quantity integer)
      ON CONFLICT (mp_account_id, nm_id, tech_size, warehouse_kind, warehouse_id) DO UPDATE SET
        barcode = EXCLUDED.barcode, warehouse_name = EXCLUDED.warehouse_name, quantity = EXCLUDED.quantity, synced_at = EXCLUDED.synced_at`);
    await Promise.all([snapshot, stocks]);
  }

  /** Rows of the kind this sync did not see: their stock is gone. */
  async removeUnseenStocks(accountId: string, kind: StockWarehouseKind, syncedAt: Date): Promise<void> {
    await this.db
      .delete(inventoryStocks)
      .where(
        and(eq(inventoryStocks.mpAccountId, accountId), eq(inventoryStocks.warehouseKind, kind), lt(inventoryStocks.syncedAt, syncedAt)),
      );
  }

  async upsertInWay(accountId: string, rows: InWayRow[], syncedAt: Date): Promise<void> {
    if (rows.length === 0) return;
    await this.db.execute(sql`
      INSERT INTO ${inventoryInWay} (mp_account_id, nm_id, tech_size, in_way_to_client, in_way_from_client, synced_at)
      SELECT ${accountId}::uuid, r."nmId", r."techSize", r."inWayToClient", r."inWayFromClient", ${syncedAt.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r("nmId" bigint, "techSize" text, "inWayToClient" integer, "inWayFromClient" integer)
      ON CONFLICT (mp_account_id, nm_id, tech_size) DO UPDATE SET
        in_way_to_client = EXCLUDED.in_way_to_client, in_way_from_client = EXCLUDED.in_way_from_client, synced_at = EXCLUDED.synced_at`);
  }

  async removeUnseenInWay(accountId: string, syncedAt: Date): Promise<void> {
    await this.db.delete(inventoryInWay).where(and(eq(inventoryInWay.mpAccountId, accountId), lt(inventoryInWay.syncedAt, syncedAt)));
  }

  /** The day's snapshot rows of one kind of warehouse removed, before a source writes them again as it reads. */
  async clearSnapshotRows(accountId: string, day: string, kind: StockWarehouseKind): Promise<void> {
    await this.db.execute(sql`
      DELETE FROM inventory_snapshot_rows WHERE mp_account_id = ${accountId}::uuid AND day = ${day}::date AND warehouse_kind = ${kind}`);
  }

  /**
   * The day's snapshot completed, in one transaction: its header (the day keeps its last sync), the kinds of warehouse
   * not written yet (a failed source's: its last good rows) and days past SNAPSHOT_KEEP_DAYS removed.
   */
  async writeSnapshot(
    accountId: string,
    day: string,
    takenAt: Date,
    sources: StockSources,
    kinds: readonly StockWarehouseKind[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO inventory_snapshots (mp_account_id, day, taken_at, sources)
        VALUES (${accountId}::uuid, ${day}::date, ${takenAt.toISOString()}::timestamptz, ${JSON.stringify(sources)}::jsonb)
        ON CONFLICT (mp_account_id, day) DO UPDATE SET taken_at = EXCLUDED.taken_at, sources = EXCLUDED.sources`);
      for (const kind of kinds) await copyToSnapshot(tx, accountId, day, kind);
      const oldest = sql`${day}::date - ${SNAPSHOT_KEEP_DAYS - 1}::integer`;
      await tx.execute(sql`DELETE FROM inventory_snapshot_rows WHERE mp_account_id = ${accountId}::uuid AND day < ${oldest}`);
      await tx.execute(sql`DELETE FROM inventory_snapshots WHERE mp_account_id = ${accountId}::uuid AND day < ${oldest}`);
    });
  }
}

/** The day's rows of one kind of warehouse replaced by the current stock of that kind. */
async function copyToSnapshot(tx: Transaction, accountId: string, day: string, kind: StockWarehouseKind): Promise<void> {
  await tx.execute(sql`
    DELETE FROM inventory_snapshot_rows
    WHERE mp_account_id = ${accountId}::uuid AND day = ${day}::date AND warehouse_kind = ${kind}`);
  await tx.execute(sql`
    INSERT INTO inventory_snapshot_rows (mp_account_id, day, nm_id, tech_size, warehouse_kind, warehouse_id, quantity)
    SELECT mp_account_id, ${day}::date, nm_id, tech_size, warehouse_kind, warehouse_id, quantity
    FROM ${inventoryStocks} WHERE mp_account_id = ${accountId}::uuid AND warehouse_kind = ${kind}`);
}
