import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import { inWindow } from '../../../common/kpi/in-window';
import type { KpiIndicators } from '../../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../../database/database.tokens';
import { inboxItems, replyDrafts } from '../../../database/schema';
import type { AutoreplyIndicator } from './autoreply-summary.dto';

/**
 * The auto-reply indicators of one window: the items buyers left in it and what became of them (answered, how soon),
 * and the publications the safety check blocked in it.
 */
@Injectable()
export class AutoreplySummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators({ accountId }: DataScope, window: KpiWindow): Promise<KpiIndicators<AutoreplyIndicator>> {
    const received = sql`${inboxItems} WHERE ${inboxItems.mpAccountId} = ${accountId} AND ${inWindow(inboxItems.createdAt, window)}`;
    const { rows } = await this.db.execute<KpiIndicators<AutoreplyIndicator>>(sql`
      SELECT
        count(*)::int AS "received",
        count(${inboxItems.answerText})::int AS "answered",
        round(count(${inboxItems.answerText}) * 100.0 / nullif(count(*), 0), 1)::float8 AS "answeredSharePct",
        round(avg(${inboxItems.rating}), 2)::float8 AS "avgRating",
        (SELECT count(*)::int FROM ${replyDrafts}
          WHERE ${replyDrafts.mpAccountId} = ${accountId} AND ${inWindow(replyDrafts.blockedAt, window)}) AS "blockedByCheck",
        round(avg(extract(epoch FROM ${inboxItems.answeredAt} - ${inboxItems.createdAt}) / 3600)::numeric, 1)::float8 AS "avgAnswerTimeHours"
      FROM ${received}
    `);
    return rows[0];
  }
}
