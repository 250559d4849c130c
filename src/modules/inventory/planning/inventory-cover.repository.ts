import { Inject, Injectable } from '@nestjs/common';
import { and, eq, lt, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { CoverStatus, inventoryCover, inventorySnapshotRows, inventorySnapshots, inventoryStocks } from '../../../database/schema';

/**
 * A size's (or, techSize null, a SKU's) units by Moscow day that has a snapshot with some of it (absent days: 0), as
 * offsets from the first day asked.
 */
export type SnapshotQuantities = {
  nmId: number;
  techSize: string | null;
  /** Days after the first day asked (0: that day), ascending. */
  dayOffsets: number[];
  quantities: number[];
};

/** A size's current units. */
export type SizeQuantity = { nmId: number; techSize: string; quantity: number };

/** A SKU's cover as a sync leaves it. */
export interface CoverRow {
  nmId: number;
  quantity: number;
  velocityPerDay: number | null;
  daysOfCover: number | null;
  status: CoverStatus;
}

const ids = (nmIds: readonly number[]) => `{${nmIds.join(',')}}`;

/** Reads of snapshots and current stock for velocity, and the writes of inventory_cover. */
@Injectable()
export class InventoryCoverRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The Moscow days from `dayFrom` to `dayTo` on which the account has a snapshot. */
  async snapshotDays(accountId: string, dayFrom: string, dayTo: string): Promise<Set<string>> {
    const { rows } = await this.db.execute<{ day: string }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ${inventorySnapshots}
      WHERE mp_account_id = ${accountId}::uuid AND day BETWEEN ${dayFrom}::date AND ${dayTo}::date`);
    return new Set(rows.map((row) => row.day));
  }

  /**
   * Each size's units per snapshot day from `dayFrom` to `dayTo`, over its warehouses (rows above 0 only); with
   * `bySize` false each SKU's, its sizes summed (techSize null). A row per size with its days as arrays (a row per day
   * would hold tens of thousands of objects for a batch of SKUs).
   */
  async snapshotQuantities(
    accountId: string,
    nmIds: number[],
    dayFrom: string,
    dayTo: string,
    bySize = true,
  ): Promise<SnapshotQuantities[]> {
    if (nmIds.length === 0) return [];
    const size = bySize ? sql`tech_size` : sql`NULL::text`;
    const { rows } = await this.db.execute<SnapshotQuantities>(sql`
      SELECT "nmId", "techSize", array_agg(offset_days ORDER BY offset_days) AS "dayOffsets",
        array_agg(quantity ORDER BY offset_days) AS quantities
      FROM (
        SELECT nm_id AS "nmId", ${size} AS "techSize", day - ${dayFrom}::date AS offset_days, sum(quantity)::int AS quantity
        FROM ${inventorySnapshotRows}
        WHERE mp_account_id = ${accountId}::uuid AND nm_id = ANY(${ids(nmIds)}::bigint[])
          AND day BETWEEN ${dayFrom}::date AND ${dayTo}::date
        GROUP BY 1, 2, 3) AS daily
      GROUP BY 1, 2`);
    for (const row of rows) row.nmId = Number(row.nmId);
    return rows;
  }

  /** Current units of these SKUs per size, over all warehouses or only `warehouseIds`. */
  async currentQuantities(accountId: string, nmIds: number[], warehouseIds: number[] | null = null): Promise<SizeQuantity[]> {
    if (nmIds.length === 0) return [];
    const warehouses = warehouseIds ? sql`AND warehouse_id = ANY(${ids(warehouseIds)}::bigint[])` : sql``;
    const { rows } = await this.db.execute<SizeQuantity>(sql`
      SELECT nm_id AS "nmId", tech_size AS "techSize", sum(quantity)::int AS quantity FROM ${inventoryStocks}
      WHERE mp_account_id = ${accountId}::uuid AND nm_id = ANY(${ids(nmIds)}::bigint[]) ${warehouses}
      GROUP BY 1, 2`);
    return rows.map((row) => ({ ...row, nmId: Number(row.nmId) }));
  }

  /** Each SKU's current units over all its sizes and warehouses, in one read (SKUs without stock rows are absent). */
  async skuQuantities(accountId: string): Promise<Map<number, number>> {
    const { rows } = await this.db.execute<{ nmId: string; quantity: number }>(sql`
      SELECT nm_id AS "nmId", sum(quantity)::int AS quantity FROM ${inventoryStocks}
      WHERE mp_account_id = ${accountId}::uuid GROUP BY 1`);
    return new Map(rows.map((row) => [Number(row.nmId), row.quantity]));
  }

  /** One batch of covers in one statement, stamped `computedAt`; a SKU whose status changed keeps the one it left. */
  async upsert(accountId: string, rows: CoverRow[], computedAt: Date): Promise<void> {
    if (rows.length === 0) return;
    const at = sql`${computedAt.toISOString()}::timestamptz`;
    await this.db.execute(sql`
      INSERT INTO ${inventoryCover} AS c (mp_account_id, nm_id, quantity, velocity_per_day, days_of_cover, status, status_since, computed_at)
      SELECT ${accountId}::uuid, r."nmId", r.quantity, r."velocityPerDay", r."daysOfCover", r.status, ${at}, ${at}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r("nmId" bigint, quantity integer, "velocityPerDay" double precision, "daysOfCover" double precision, status text)
      ON CONFLICT (mp_account_id, nm_id) DO UPDATE SET quantity = EXCLUDED.quantity, velocity_per_day = EXCLUDED.velocity_per_day,
        days_of_cover = EXCLUDED.days_of_cover, status = EXCLUDED.status, computed_at = EXCLUDED.computed_at,
        status_since = CASE WHEN c.status = EXCLUDED.status THEN c.status_since ELSE EXCLUDED.computed_at END,
        previous_status = CASE WHEN c.status = EXCLUDED.status THEN c.previous_status ELSE c.status END`);
  }

  /** Covers of SKUs this computation did not see (removed from the catalog). */
  async removeOlder(accountId: string, computedAt: Date): Promise<void> {
    await this.db.delete(inventoryCover).where(and(eq(inventoryCover.mpAccountId, accountId), lt(inventoryCover.computedAt, computedAt)));
  }
}
