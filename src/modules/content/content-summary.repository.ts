import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import type { DataScope } from '../../common/auth/data-scope';
import { inWindow } from '../../common/kpi/in-window';
import type { KpiIndicators } from '../../common/kpi/kpi-envelope';
import type { KpiWindow } from '../../common/kpi/kpi-window';
import { DATABASE, Database } from '../../database/database.tokens';
import { contentDrafts } from '../../database/schema';
import type { ContentIndicator } from './content.dto';

/**
 * The content indicators of one window: the drafts made in it (their cards and the cards' scores as found), and the
 * texts the marketplace applied or refused in it, with the score the applied ones gained.
 */
@Injectable()
export class ContentSummaryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async indicators({ accountId }: DataScope, window: KpiWindow): Promise<KpiIndicators<ContentIndicator>> {
    const ofAccount = sql`${contentDrafts.mpAccountId} = ${accountId}`;
    const { rows } = await this.db.execute<KpiIndicators<ContentIndicator>>(sql`
      SELECT
        count(DISTINCT ${contentDrafts.nmId})::int AS "cardsScored",
        round(avg(${contentDrafts.scoreBefore}), 1)::float8 AS "avgScore",
        count(*)::int AS "drafts",
        (SELECT count(*)::int FROM ${contentDrafts} WHERE ${ofAccount} AND ${inWindow(contentDrafts.publishedAt, window)}) AS "published",
        (SELECT count(*)::int FROM ${contentDrafts} WHERE ${ofAccount} AND ${inWindow(contentDrafts.rejectedAt, window)}) AS "rejectedByMp",
        (SELECT round(avg(${contentDrafts.scoreAfter} - ${contentDrafts.scoreBefore}), 1)::float8 FROM ${contentDrafts}
          WHERE ${ofAccount} AND ${inWindow(contentDrafts.publishedAt, window)}) AS "avgScoreUplift"
      FROM ${contentDrafts}
      WHERE ${ofAccount} AND ${inWindow(contentDrafts.createdAt, window)}
    `);
    return rows[0];
  }
}
