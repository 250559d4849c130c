import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { inWindow } from '../../../common/kpi/in-window';
import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import { priceHistory, repricerRuns } from '../../../database/schema';
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

  async indicators({ accountId }: DataScope, window: KpiWindow): Promise<KpiIndicators<RepricerIndicator>> {
    const runs = sql`${repricerRuns} WHERE ${repricerRuns.mpAccountId} = ${accountId} AND ${inWindow(repricerRuns.startedAt, window)}`;
    const changes = sql`${priceHistory} WHERE ${priceHistory.mpAccountId} = ${accountId} AND ${priceHistory.source} = 'repricer' AND ${inWindow(priceHistory.createdAt, window)}`;
    const { rows } = await this.db.execute<Counts & Record<string, unknown>>(sql`
      SELECT
        (SELECT count(*)::int FROM ${runs}) AS runs,
        (SELECT count(*)::int FROM ${runs} AND ${repricerRuns.outcome} = 'error') AS error_runs,
        (SELECT count(*)::int FROM ${changes}) AS prices_changed,
        (SELECT count(DISTINCT ${priceHistory.nmId})::int FROM ${changes}) AS products_covered,
        (SELECT round(avg((${priceHistory.newPrice} - ${priceHistory.oldPrice}) * 100.0 / ${priceHistory.oldPrice}), 1)::text FROM ${changes}
          AND ${priceHistory.oldPrice} > 0 AND ${priceHistory.newPrice} IS NOT NULL) AS avg_change
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
