import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { mpOrders } from '../../../database/schema';

/** Orders of a SKU on one Moscow day. */
export type DailyOrders = {
  nmId: number;
  techSize: string;
  /** YYYY-MM-DD, Moscow. */
  day: string;
  orders: number;
};

/** What other modules may read of the imported orders (mp_orders, written by the imports alone). */
@Injectable()
export class OrdersReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Orders of these SKUs per size and Moscow day from `dayFrom` to `dayTo` (YYYY-MM-DD, both included), cancelled ones left
   * out (they were never demand that stock had to meet); days without orders are absent.
   */
  async dailyOrders(accountId: string, nmIds: number[], dayFrom: string, dayTo: string): Promise<DailyOrders[]> {
    if (nmIds.length === 0) return [];
    const { rows } = await this.db.execute<DailyOrders>(sql`
      SELECT ${mpOrders.nmId} AS "nmId", ${mpOrders.techSize} AS "techSize", to_char(${mpOrders.date} AT TIME ZONE ${MOSCOW_TZ}, 'YYYY-MM-DD') AS day,
        count(*)::int AS orders
      FROM ${mpOrders}
      WHERE ${mpOrders.mpAccountId} = ${accountId}::uuid
        AND ${mpOrders.nmId} = ANY(${`{${nmIds.join(',')}}`}::bigint[])
        AND ${mpOrders.date} >= (${dayFrom}::date)::timestamp AT TIME ZONE ${MOSCOW_TZ}
        AND ${mpOrders.date} < (${dayTo}::date + 1)::timestamp AT TIME ZONE ${MOSCOW_TZ}
        AND NOT ${mpOrders.isCancel}
      GROUP BY 1, 2, 3`);
    return rows.map((row) => ({ ...row, nmId: Number(row.nmId) }));
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
