import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import type { RepricerIndicator } from './repricer-summary.dto';

interface Counts {
  runs: number;
  error_runs: number;
  prices_changed: number;
  products_covered: number;
  avg_change: string | null;
}

/** The repricer indicators of one window: runs from the run log, changes from the price history (source repricer). */
@Injectable()
export class RepricerSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators(mpAccountId: string, window: KpiWindow): Promise<KpiIndicators<RepricerIndicator>> {
    const from = window.from.toISOString();
    const to = window.to.toISOString();
    const { rows } = await this.db.execute<Counts & Record<string, unknown>>(sql`
      SELECT
        (SELECT count(*)::int FROM repricer_runs r WHERE r.mp_account_id = ${mpAccountId} AND r.started_at >= ${from} AND r.started_at < ${to}) AS runs,
        (SELECT count(*)::int FROM repricer_runs r WHERE r.mp_account_id = ${mpAccountId} AND r.started_at >= ${from} AND r.started_at < ${to} AND r.outcome = 'error') AS error_runs,
        (SELECT count(*)::int FROM price_history h WHERE h.mp_account_id = ${mpAccountId} AND h.source = 'repricer' AND h.created_at >= ${from} AND h.created_at < ${to}) AS prices_changed,
        (SELECT count(DISTINCT h.nm_id)::int FROM price_history h WHERE h.mp_account_id = ${mpAccountId} AND h.source = 'repricer' AND h.created_at >= ${from} AND h.created_at < ${to}) AS products_covered,
        (SELECT round(avg((h.new_price - h.old_price) * 100.0 / h.old_price), 1)::text FROM price_history h
          WHERE h.mp_account_id = ${mpAccountId} AND h.source = 'repricer' AND h.created_at >= ${from} AND h.created_at < ${to} AND h.old_price > 0 AND h.new_price IS NOT NULL) AS avg_change
    `);
    const [counts] = rows;
    return {
      runs: counts.runs,
      errorRuns: counts.error_runs,
      pricesChanged: counts.prices_changed,
      productsCovered: counts.products_covered,
      avgChangePct: counts.avg_change === null ? null : Number(counts.avg_change),
    };
  }
}
