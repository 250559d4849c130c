import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { inWindow } from '../../../common/kpi/in-window';
import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import { priceHistory, repricerRuns } from '../../../database/schema';
import type { RepricerIndicator } from './repricer-summary.dto';

/** The repricer indicators of one window: runs from the run log, changes from the price history (source repricer). */
@Injectable()
export class RepricerSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators({ accountId }: DataScope, window: KpiWindow): Promise<KpiIndicators<RepricerIndicator>> {
    const runs = sql`${repricerRuns} WHERE ${repricerRuns.mpAccountId} = ${accountId} AND ${inWindow(repricerRuns.startedAt, window)}`;
    const changes = sql`${priceHistory} WHERE ${priceHistory.mpAccountId} = ${accountId} AND ${priceHistory.source} = 'repricer' AND ${inWindow(priceHistory.createdAt, window)}`;
    const { rows } = await this.db.execute<KpiIndicators<RepricerIndicator>>(sql`
      SELECT
        (SELECT count(*)::int FROM ${runs}) AS "runs",
        (SELECT count(*)::int FROM ${runs} AND ${repricerRuns.outcome} = 'error') AS "errorRuns",
        (SELECT count(*)::int FROM ${changes}) AS "pricesChanged",
        (SELECT count(DISTINCT ${priceHistory.nmId})::int FROM ${changes}) AS "productsCovered",
        (SELECT round(avg((${priceHistory.newPrice} - ${priceHistory.oldPrice}) * 100.0 / ${priceHistory.oldPrice}), 1)::float8 FROM ${changes}
          AND ${priceHistory.oldPrice} > 0 AND ${priceHistory.newPrice} IS NOT NULL) AS "avgChangePct"
    `);
    return rows[0];
  }
}
