import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import type { PulseIndicator } from './pulse-summary.dto';

/** A window's days as calendar days: the pulse is kept by the marketplace's day. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The pulse indicators of one window from the daily rows (sums in SQL, money to the kopeck); the plan of a SKU is its
 * most recently changed list item's, as the stored flags' is.
 */
@Injectable()
export class PulseSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators(scope: DataScope, window: KpiWindow): Promise<KpiIndicators<PulseIndicator>> {
    const brands =
      scope.brandIds === 'all'
        ? sql``
        : sql`AND r.nm_id IN (SELECT nm_id FROM products WHERE mp_account_id = ${scope.accountId}
            AND brand_id = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[]))`;
    const { rows } = await this.db.execute<KpiIndicators<PulseIndicator>>(sql`
      WITH r AS (
        SELECT r.*, plan.plan_orders_per_day FROM rnp_daily_rows r
          LEFT JOIN LATERAL (
            SELECT i.plan_orders_per_day FROM rnp_list_items i JOIN rnp_product_lists l ON l.id = i.list_id
            WHERE l.mp_account_id = r.mp_account_id AND i.nm_id = r.nm_id ORDER BY i.updated_at DESC LIMIT 1
          ) plan ON true
        WHERE r.mp_account_id = ${scope.accountId} AND r.day >= ${dayOf(window.from)}::date AND r.day < ${dayOf(window.to)}::date ${brands}
      ), t AS (
        SELECT coalesce(sum(orders_sum), 0) AS orders_sum, coalesce(sum(orders_qty), 0) AS orders_qty,
          sum(buyouts_qty) FILTER (WHERE version > 0) AS buyouts, sum(orders_qty) FILTER (WHERE version > 0) AS funnel_orders,
          sum(orders_sum) AS drr_base, coalesce(sum(ad_spend), 0) AS ad_spend, sum(opens) AS opens,
          sum(orders_qty) FILTER (WHERE version > 0 AND opens IS NOT NULL) AS opened_orders,
          count(DISTINCT nm_id) FILTER (WHERE cardinality(flags) > 0) AS attention,
          count(DISTINCT nm_id) FILTER (WHERE 'oos_risk' = ANY(flags)) AS oos,
          sum(orders_qty) FILTER (WHERE plan_orders_per_day > 0) AS planned_orders,
          sum(plan_orders_per_day) FILTER (WHERE plan_orders_per_day > 0) AS plan
        FROM r
      )
      SELECT round(orders_sum, 2)::float8 AS "ordersSum", orders_qty::float8 AS "ordersQty",
        round(buyouts * 100.0 / nullif(funnel_orders, 0), 2)::float8 AS "buyoutPct",
        round(ad_spend, 2)::float8 AS "adSpend", round(ad_spend * 100 / nullif(drr_base, 0), 2)::float8 AS "drrPct",
        round(opened_orders * 100.0 / nullif(opens, 0), 2)::float8 AS "orderConversionPct",
        attention::float8 AS "skusNeedingAttention", oos::float8 AS "oosRiskSkus",
        round(coalesce(planned_orders, 0) * 100.0 / nullif(plan, 0), 1)::float8 AS "planCompletionPct"
      FROM t`);
    return rows[0];
  }
}
