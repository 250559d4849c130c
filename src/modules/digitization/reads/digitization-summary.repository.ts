import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { inWindow } from '../../../common/kpi/in-window';
import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import { mpOrders, mpSales } from '../../../database/schema';
import type { DigitizationIndicator } from './digitization-summary.dto';

/**
 * The digitization indicators of one window, summed in SQL on numeric: orders by order time, sales and returns by
 * their own time, cancellations by the time of cancelling. A numeric of at most 15 digits is exact as float8.
 */
@Injectable()
export class DigitizationSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Where the imported span begins: the earliest order or sale imported. Imports reach back from a chosen date, so
   * nothing before it is known.
   */
  async importedSince({ accountId }: DataScope): Promise<Date | null> {
    const { rows } = await this.db.execute<{ since: Date | null }>(sql`
      SELECT least(
        (SELECT min(${mpOrders.date}) FROM ${mpOrders} WHERE ${mpOrders.mpAccountId} = ${accountId}),
        (SELECT min(${mpSales.date}) FROM ${mpSales} WHERE ${mpSales.mpAccountId} = ${accountId})
      ) AS since
    `);
    return rows[0].since === null ? null : new Date(rows[0].since);
  }

  async indicators({ accountId }: DataScope, window: KpiWindow): Promise<KpiIndicators<DigitizationIndicator>> {
    const { rows } = await this.db.execute<KpiIndicators<DigitizationIndicator>>(sql`
      WITH o AS (
        SELECT count(*)::int AS orders, coalesce(sum(${mpOrders.priceWithDisc}), 0) AS sum
        FROM ${mpOrders} WHERE ${mpOrders.mpAccountId} = ${accountId} AND ${inWindow(mpOrders.date, window)}
      ), s AS (
        SELECT
          count(*) FILTER (WHERE ${mpSales.kind} = 'sale')::int AS sales,
          coalesce(sum(${mpSales.priceWithDisc}) FILTER (WHERE ${mpSales.kind} = 'sale'), 0) AS "salesSum",
          count(*) FILTER (WHERE ${mpSales.kind} = 'return')::int AS returns,
          coalesce(sum(abs(${mpSales.priceWithDisc})) FILTER (WHERE ${mpSales.kind} = 'return'), 0) AS "returnsSum"
        FROM ${mpSales} WHERE ${mpSales.mpAccountId} = ${accountId} AND ${inWindow(mpSales.date, window)}
      )
      SELECT
        o.orders AS "orders",
        o.sum::float8 AS "ordersSum",
        s.sales AS "sales",
        s."salesSum"::float8 AS "salesSum",
        s.returns AS "returns",
        s."returnsSum"::float8 AS "returnsSum",
        (SELECT count(*)::int FROM ${mpOrders} WHERE ${mpOrders.mpAccountId} = ${accountId} AND ${mpOrders.isCancel}
          AND ${inWindow(mpOrders.cancelDate, window)}) AS "cancellations",
        round(s.sales * 100.0 / nullif(s.sales + s.returns, 0), 1)::float8 AS "buyoutPct"
      FROM o, s
    `);
    return rows[0];
  }
}
