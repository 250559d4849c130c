import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { inWindow } from '../../../common/kpi/in-window';
import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import { adBudgetTriggers, adProductStats, bidLog, mpSales } from '../../../database/schema';
import type { AutobidderIndicator } from './autobidder-summary.dto';

/** A window's days as calendar days: the statistics are kept by the marketplace's day. */
function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The ad indicators of one window: the synced statistics of its days (spend summed exactly in kopecks), the sales
 * the imports brought for the DRR, the bid engine's changes and the budget limits' triggers.
 */
@Injectable()
export class AutobidderSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators({ accountId }: DataScope, window: KpiWindow): Promise<KpiIndicators<AutobidderIndicator>> {
    const s = adProductStats;
    const { rows } = await this.db.execute<KpiIndicators<AutobidderIndicator>>(sql`
      WITH stats AS (
        SELECT coalesce(sum(${s.spendKopecks}), 0)::numeric AS spend, coalesce(sum(${s.views}), 0)::numeric AS views,
          coalesce(sum(${s.clicks}), 0)::numeric AS clicks, coalesce(sum(${s.orders}), 0)::numeric AS orders
        FROM ${s} WHERE ${s.mpAccountId} = ${accountId} AND ${s.day} >= ${dayOf(window.from)} AND ${s.day} < ${dayOf(window.to)}
      ), sales AS (
        SELECT sum(${mpSales.priceWithDisc}) AS total FROM ${mpSales}
        WHERE ${mpSales.mpAccountId} = ${accountId} AND ${mpSales.kind} = 'sale' AND ${inWindow(mpSales.date, window)}
      )
      SELECT
        (stats.spend / 100)::float8 AS "spend",
        stats.views::float8 AS "views",
        stats.clicks::float8 AS "clicks",
        round(stats.clicks * 100 / nullif(stats.views, 0), 2)::float8 AS "ctrPct",
        round(stats.spend / 100 / nullif(stats.clicks, 0), 2)::float8 AS "cpc",
        stats.orders::float8 AS "orders",
        round(stats.spend / 100 * 100 / nullif(sales.total, 0), 2)::float8 AS "drrPct",
        (SELECT count(*)::int FROM ${bidLog} WHERE ${bidLog.mpAccountId} = ${accountId} AND ${inWindow(bidLog.createdAt, window)})
          AS "bidChanges",
        (SELECT count(*)::int FROM ${adBudgetTriggers}
          WHERE ${adBudgetTriggers.mpAccountId} = ${accountId} AND ${inWindow(adBudgetTriggers.createdAt, window)}) AS "budgetTriggers"
      FROM stats, sales
    `);
    return rows[0];
  }
}
