import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import {
  adBudgetLimits,
  adBudgetTriggers,
  adCampaignProducts,
  adCampaigns,
  adProductStats,
  adStatsCoverage,
  BidPlacementName,
} from '../../../database/schema/autobidder';
import type { BudgetLimitFacts } from './budget-check-decisions';

/**
 * A live limit with its campaign's spend in kopecks: today (Moscow) and from its period start to today, both included;
 * the days of statistics the sync keeps for the campaign, and its status on the marketplace when synced.
 */
export interface LimitWithSpend extends BudgetLimitFacts {
  periodStartDate: string | null;
  todayKopecks: number;
  periodKopecks: number;
  coveredFrom: string | null;
  coveredTo: string | null;
  status: number | null;
}

export interface ProductBids {
  advertId: number;
  nmId: number;
  paymentType: 'cpm' | 'cpc';
  bids: Partial<Record<BidPlacementName, number>>;
}

export type TriggerValues = typeof adBudgetTriggers.$inferInsert;

/** The marketplace's day (spec: a Moscow calendar day). */
const TODAY = sql`(now() AT TIME ZONE ${MOSCOW_TZ})::date`;

/** The queries of a budget check: spend from the synced statistics, the synced bids, and the record of what it found. */
@Injectable()
export class BudgetCheckRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Sums are exact: bigint kopecks, read back as numbers (far below 2^53). */
  liveLimitsWithSpend(accountId: string): Promise<LimitWithSpend[]> {
    const l = adBudgetLimits;
    const stats = adProductStats;
    const c = adStatsCoverage;
    const campaign = adCampaigns;
    return this.db
      .select({
        id: l.id,
        advertId: l.advertId,
        dailyLimitRub: l.dailyLimitRub,
        periodLimitRub: l.periodLimitRub,
        periodStartDate: l.periodStartDate,
        onLimitAction: l.onLimitAction,
        todayKopecks: sql<number>`coalesce(sum(${stats.spendKopecks}) filter (where ${stats.day} = ${TODAY}), 0)::bigint`.mapWith(Number),
        periodKopecks: sql<number>`coalesce(sum(${stats.spendKopecks}) filter (
            where ${stats.day} >= ${l.periodStartDate} and ${stats.day} <= ${TODAY}), 0)::bigint`.mapWith(Number),
        coveredFrom: c.fromDay,
        coveredTo: c.toDay,
        status: campaign.status,
      })
      .from(l)
      .leftJoin(stats, and(eq(stats.mpAccountId, l.mpAccountId), eq(stats.advertId, l.advertId)))
      .leftJoin(c, and(eq(c.mpAccountId, l.mpAccountId), eq(c.advertId, l.advertId)))
      .leftJoin(campaign, and(eq(campaign.mpAccountId, l.mpAccountId), eq(campaign.advertId, l.advertId)))
      .where(and(eq(l.mpAccountId, accountId), isNull(l.deletedAt)))
      .groupBy(l.id, c.fromDay, c.toDay, campaign.status)
      .orderBy(l.createdAt, l.id);
  }

  /** The bids the last sync loaded for the campaigns' products, with the campaign's payment type. */
  productBids(accountId: string, advertIds: number[]): Promise<ProductBids[]> {
    if (advertIds.length === 0) return Promise.resolve([]);
    const p = adCampaignProducts;
    const c = adCampaigns;
    return this.db
      .select({ advertId: p.advertId, nmId: p.nmId, paymentType: c.paymentType, bids: p.bids })
      .from(p)
      .innerJoin(c, and(eq(c.mpAccountId, p.mpAccountId), eq(c.advertId, p.advertId)))
      .where(and(eq(p.mpAccountId, accountId), inArray(p.advertId, advertIds)));
  }

  /** What the check found of each limit: the bid engine raises no bid of a campaign whose limit a check today found reached. */
  async recordFound(accountId: string, limits: { id: string; reached: boolean }[]): Promise<void> {
    if (limits.length === 0) return;
    const l = adBudgetLimits;
    await this.db.execute(sql`
      UPDATE ${l} SET checked_at = now(), reached_at_check = v.reached
      FROM jsonb_to_recordset(${JSON.stringify(limits)}::jsonb) AS v(id uuid, reached boolean)
      WHERE ${l.mpAccountId} = ${accountId} AND ${l.id} = v.id`);
  }

  async insertTriggers(values: TriggerValues[]): Promise<void> {
    if (values.length > 0) await this.db.insert(adBudgetTriggers).values(values);
  }
}
