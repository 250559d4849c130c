import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import {
  adBudgetLimits,
  adBudgetTriggers,
  adCampaignProducts,
  adProductStats,
  BidPlacementName,
} from '../../../database/schema/autobidder';
import type { BudgetLimitFacts } from './budget-check-decisions';

/** A live limit with its campaign's spend in kopecks: today (Moscow) and from its period start to today, both included. */
export interface LimitWithSpend extends BudgetLimitFacts {
  todayKopecks: number;
  periodKopecks: number;
}

export interface ProductBids {
  advertId: number;
  nmId: number;
  bids: Partial<Record<BidPlacementName, number>>;
}

export type TriggerValues = typeof adBudgetTriggers.$inferInsert;

/** The marketplace's day (spec: a Moscow calendar day). */
const TODAY = sql`(now() AT TIME ZONE ${MOSCOW_TZ})::date`;

/** The queries of a budget check: spend from the synced statistics, the synced bids, and the record of what triggered. */
@Injectable()
export class BudgetCheckRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Sums are exact: bigint kopecks, read back as numbers (far below 2^53). */
  liveLimitsWithSpend(accountId: string): Promise<LimitWithSpend[]> {
    const stats = adProductStats;
    return this.db
      .select({
        id: adBudgetLimits.id,
        advertId: adBudgetLimits.advertId,
        dailyLimitRub: adBudgetLimits.dailyLimitRub,
        periodLimitRub: adBudgetLimits.periodLimitRub,
        onLimitAction: adBudgetLimits.onLimitAction,
        todayKopecks: sql<number>`coalesce(sum(${stats.spendKopecks}) filter (where ${stats.day} = ${TODAY}), 0)::bigint`.mapWith(Number),
        periodKopecks: sql<number>`coalesce(sum(${stats.spendKopecks}) filter (
            where ${stats.day} >= ${adBudgetLimits.periodStartDate} and ${stats.day} <= ${TODAY}), 0)::bigint`.mapWith(Number),
      })
      .from(adBudgetLimits)
      .leftJoin(stats, and(eq(stats.mpAccountId, adBudgetLimits.mpAccountId), eq(stats.advertId, adBudgetLimits.advertId)))
      .where(and(eq(adBudgetLimits.mpAccountId, accountId), isNull(adBudgetLimits.deletedAt)))
      .groupBy(adBudgetLimits.id)
      .orderBy(adBudgetLimits.createdAt, adBudgetLimits.id);
  }

  /** The bids the last sync loaded for the campaigns' products. */
  productBids(accountId: string, advertIds: number[]): Promise<ProductBids[]> {
    if (advertIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ advertId: adCampaignProducts.advertId, nmId: adCampaignProducts.nmId, bids: adCampaignProducts.bids })
      .from(adCampaignProducts)
      .where(and(eq(adCampaignProducts.mpAccountId, accountId), inArray(adCampaignProducts.advertId, advertIds)));
  }

  async insertTriggers(values: TriggerValues[]): Promise<void> {
    if (values.length > 0) await this.db.insert(adBudgetTriggers).values(values);
  }
}
