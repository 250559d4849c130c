import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { inWindow } from '../../../common/kpi/in-window';
import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import { abTests } from '../../../database/schema';
import type { AbTestsIndicator } from './ab-tests-summary.dto';

/**
 * The A/B test indicators of one window: tests that rotated during it (started before its end, not ended before its
 * start), and those that ended in it as completed (then perhaps applied or restored) or interrupted. Deleted tests count
 * too: they ran.
 */
@Injectable()
export class AbTestsSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators({ accountId }: DataScope, window: KpiWindow): Promise<KpiIndicators<AbTestsIndicator>> {
    const t = abTests;
    const { rows } = await this.db.execute<KpiIndicators<AbTestsIndicator>>(sql`
      WITH ended AS (
        SELECT ${t.verdict} AS verdict, ${t.ctrUpliftPct} AS uplift FROM ${t}
        WHERE ${t.mpAccountId} = ${accountId} AND ${t.verdict} IS NOT NULL AND ${inWindow(t.endedAt, window)}
      )
      SELECT
        (SELECT count(*)::int FROM ${t} WHERE ${t.mpAccountId} = ${accountId} AND ${t.startedAt} < ${window.to.toISOString()}
          AND (${t.endedAt} IS NULL OR ${t.endedAt} >= ${window.from.toISOString()})) AS "running",
        (SELECT count(*)::int FROM ended) AS "completed",
        (SELECT round(count(*) FILTER (WHERE verdict = 'winner') * 100.0 / nullif(count(*), 0), 2)::float8 FROM ended) AS "winnersFoundPct",
        (SELECT round(avg(uplift) FILTER (WHERE verdict = 'winner' AND uplift IS NOT NULL), 2)::float8 FROM ended) AS "avgCtrUpliftPct",
        (SELECT count(*)::int FROM ${t} WHERE ${t.mpAccountId} = ${accountId} AND ${t.state} = 'interrupted'
          AND ${inWindow(t.endedAt, window)}) AS "interrupted"
    `);
    return rows[0];
  }
}
