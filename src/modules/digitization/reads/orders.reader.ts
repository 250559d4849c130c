import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { mpOrders } from '../../../database/schema';

/** Orders of a size (or, techSize null, of a SKU) by Moscow day: the days with orders, as offsets from the first day asked. */
export type DailyOrders = {
  nmId: number;
  techSize: string | null;
  /** Days after the first day asked (0: that day), ascending. */
  dayOffsets: number[];
  /** The orders of each of those days. */
  orders: number[];
};

/** What other modules may read of the imported orders (mp_orders, written by the imports alone). */
@Injectable()
export class OrdersReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Orders of these SKUs per size (or, `bySize` false, per SKU) and Moscow day from `dayFrom` to `dayTo` (YYYY-MM-DD,
   * both included), cancelled ones left out (they were never demand that stock had to meet): a row per size with the days
   * that had orders, as arrays (a row per day would hold tens of thousands of objects for a batch of SKUs).
   */
  async dailyOrders(accountId: string, nmIds: number[], dayFrom: string, dayTo: string, bySize = true): Promise<DailyOrders[]> {
    if (nmIds.length === 0) return [];
    const size = bySize ? mpOrders.techSize : sql`NULL::text`;
    const { rows } = await this.db.execute<DailyOrders>(sql`
      SELECT "nmId", "techSize", array_agg(offset_days ORDER BY offset_days) AS "dayOffsets", array_agg(orders ORDER BY offset_days) AS orders
      FROM (
        SELECT ${mpOrders.nmId} AS "nmId", ${size} AS "techSize",
          (${mpOrders.date} AT TIME ZONE ${MOSCOW_TZ})::date - ${dayFrom}::date AS offset_days, count(*)::int AS orders
        FROM ${mpOrders}
        WHERE ${mpOrders.mpAccountId} = ${accountId}::uuid
          AND ${mpOrders.nmId} = ANY(${`{${nmIds.join(',')}}`}::bigint[])
          AND ${mpOrders.date} >= (${dayFrom}::date)::timestamp AT TIME ZONE ${MOSCOW_TZ}
          AND ${mpOrders.date} < (${dayTo}::date + 1)::timestamp AT TIME ZONE ${MOSCOW_TZ}
          AND NOT ${mpOrders.isCancel}
        GROUP BY 1, 2, 3) AS daily
      GROUP BY 1, 2`);
    for (const row of rows) row.nmId = Number(row.nmId);
    return rows;
  }

  /** The SKUs of the account with an order (not cancelled) from the Moscow day `dayFrom` on. */
  async orderedNmIds(accountId: string, dayFrom: string): Promise<number[]> {
    const { rows } = await this.db.execute<{ nmId: number }>(sql`
      SELECT DISTINCT ${mpOrders.nmId} AS "nmId" FROM ${mpOrders}
      WHERE ${mpOrders.mpAccountId} = ${accountId}::uuid AND NOT ${mpOrders.isCancel}
        AND ${mpOrders.date} >= (${dayFrom}::date)::timestamp AT TIME ZONE ${MOSCOW_TZ}`);
    return rows.map((row) => Number(row.nmId));
  }
}
