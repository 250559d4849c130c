import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';

import { DAY_MS } from '../../../common/time/calendar-days';
import { MOSCOW_TZ, moscowToday } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import type { BidPlacementName } from '../../../database/schema/autobidder';
import {
  adBidBaselines,
  adBudgetLimits,
  adCampaignProducts,
  adCampaigns,
  adProductStats,
  bidLog,
  bidStrategies,
} from '../../../database/schema/autobidder';
import { products } from '../../../database/schema/catalog';
import type { BidReason } from '../../../shared/autobidder/bid-reason';
import { CampaignBidsRepository } from '../campaigns/campaign-bids.repository';
import type { BidEvidence, CampaignFacts, ProductStats, StrategyFacts } from './bid-decisions';
import { bidEvidenceKey, productStatsKey } from './bid-decisions';

/** Reference 6: status 9 is active on the marketplace. */
const ACTIVE = 9;
/** Engine rule 3: the statistics of the last 7 days (today and the 6 before, Moscow days). */
const STATS_DAYS = 7;

/** The first Moscow day of the engine's 7 days. */
function statsSince(): string {
  return moscowToday(new Date(Date.now() - (STATS_DAYS - 1) * DAY_MS));
}

/** A bid the marketplace accepted, as the bid log keeps it. */
export interface AcceptedBid {
  advertId: number;
  campaignName: string;
  nmId: number;
  placement: BidPlacementName;
  bidBefore: number;
  bidAfter: number;
  reason: string;
  reasonFields: BidReason;
  strategyId: string;
}

/** What a run of the bid engine reads (strategies, campaigns with Auto on, 7 days of statistics) and what it records. */
@Injectable()
export class BidEngineRunRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly campaignBids: CampaignBidsRepository,
  ) {}

  strategies(accountId: string): Promise<StrategyFacts[]> {
    const s = bidStrategies;
    return this.db
      .select({
        id: s.id,
        goal: s.goal,
        targetCpc: s.targetCpc,
        minBid: s.minBid,
        maxBid: s.maxBid,
        campaigns: s.campaigns,
        isActive: s.isActive,
        createdAt: s.createdAt,
      })
      .from(s)
      .where(and(eq(s.mpAccountId, accountId), isNull(s.deletedAt), eq(s.isActive, true)));
  }

  /**
   * Engine rule 2: only campaigns active on the marketplace with Auto on can be changed; each with its synced products,
   * and held back from raises when a budget check of today found its live limit reached.
   */
  async campaigns(accountId: string): Promise<CampaignFacts[]> {
    const c = adCampaigns;
    const p = adCampaignProducts;
    const l = adBudgetLimits;
    const raiseBlocked = sql<boolean>`EXISTS (SELECT 1 FROM ${l} WHERE ${l.mpAccountId} = ${c.mpAccountId} AND ${l.advertId} = ${c.advertId}
      AND ${l.deletedAt} IS NULL AND ${l.reachedAtCheck}
      AND (${l.checkedAt} AT TIME ZONE ${MOSCOW_TZ})::date = (now() AT TIME ZONE ${MOSCOW_TZ})::date)`;
    const rows = await this.db
      .select({
        advertId: c.advertId,
        name: c.name,
        strategyId: c.strategyId,
        raiseBlocked,
        nmId: p.nmId,
        productName: products.title,
        bids: p.bids,
      })
      .from(c)
      .leftJoin(p, and(eq(p.mpAccountId, c.mpAccountId), eq(p.advertId, c.advertId)))
      .leftJoin(products, and(eq(products.mpAccountId, c.mpAccountId), eq(products.nmId, p.nmId)))
      .where(and(eq(c.mpAccountId, accountId), eq(c.status, ACTIVE), eq(c.auto, true)))
      .orderBy(c.advertId, p.nmId);
    const campaigns = new Map<number, CampaignFacts & { products: CampaignFacts['products'][number][] }>();
    for (const row of rows) {
      const campaign = campaigns.get(row.advertId) ?? {
        advertId: row.advertId,
        name: row.name,
        active: true,
        auto: true,
        strategyId: row.strategyId,
        raiseBlocked: row.raiseBlocked,
        products: [],
      };
      if (row.nmId !== null) campaign.products.push({ nmId: row.nmId, name: row.productName, bids: row.bids });
      campaigns.set(row.advertId, campaign);
    }
    return [...campaigns.values()];
  }

  /** Each product's views, clicks and spend (kopecks) over the last 7 days, by productStatsKey. */
  async stats(accountId: string): Promise<Map<string, ProductStats>> {
    const s = adProductStats;
    const rows = await this.db
      .select({
        advertId: s.advertId,
        nmId: s.nmId,
        views: sql<number>`sum(${s.views})::bigint`.mapWith(Number),
        clicks: sql<number>`sum(${s.clicks})::bigint`.mapWith(Number),
        spendKopecks: sql<number>`sum(${s.spendKopecks})::bigint`.mapWith(Number),
      })
      .from(s)
      .where(and(eq(s.mpAccountId, accountId), gte(s.day, statsSince())))
      .groupBy(s.advertId, s.nmId);
    return new Map(rows.map(({ advertId, nmId, ...stats }) => [productStatsKey(advertId, nmId), stats]));
  }

  /**
   * The bids the service changed within the 7 days, each with the clicks and spend (kopecks) recorded after the change:
   * the later days in full and, of the day of the change, what came after the figures the change found.
   */
  async evidence(accountId: string): Promise<Map<string, BidEvidence>> {
    const b = adBidBaselines;
    const s = adProductStats;
    const after = (column: typeof s.clicks | typeof s.spendKopecks, base: typeof b.clicks | typeof b.spendKopecks) =>
      sql<number>`(coalesce(sum(${column}) filter (where ${s.day} > ${b.day}), 0)
        + greatest(coalesce(max(${column}) filter (where ${s.day} = ${b.day}), 0) - ${base}, 0))::bigint`.mapWith(Number);
    const rows = await this.db
      .select({
        advertId: b.advertId,
        nmId: b.nmId,
        placement: b.placement,
        clicks: after(s.clicks, b.clicks),
        spendKopecks: after(s.spendKopecks, b.spendKopecks),
      })
      .from(b)
      .leftJoin(s, and(eq(s.mpAccountId, b.mpAccountId), eq(s.advertId, b.advertId), eq(s.nmId, b.nmId), gte(s.day, b.day)))
      .where(and(eq(b.mpAccountId, accountId), gte(b.day, statsSince())))
      .groupBy(b.mpAccountId, b.advertId, b.nmId, b.placement);
    return new Map(rows.map(({ advertId, nmId, placement, ...evidence }) => [bidEvidenceKey(advertId, nmId, placement), evidence]));
  }

  /** One accepted request: its bids become the stored ones and go into the bid log, together. */
  async recordAccepted(accountId: string, accepted: AcceptedBid[]): Promise<void> {
    const byCampaign = new Map<number, { advertId: number; bids: { nmId: number; placement: string; bidKopecks: number }[] }>();
    for (const bid of accepted) {
      const campaign = byCampaign.get(bid.advertId) ?? { advertId: bid.advertId, bids: [] };
      campaign.bids.push({ nmId: bid.nmId, placement: bid.placement, bidKopecks: bid.bidAfter });
      byCampaign.set(bid.advertId, campaign);
    }
    await this.db.transaction(async (tx) => {
      await this.campaignBids.store(accountId, [...byCampaign.values()], 'engine', tx);
      await tx.insert(bidLog).values(accepted.map((bid) => ({ ...bid, mpAccountId: accountId })));
    });
  }

  /** Accounts with an active strategy, for the schedule's tick. */
  async accountIdsWithActiveStrategies(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ accountId: bidStrategies.mpAccountId })
      .from(bidStrategies)
      .where(and(isNull(bidStrategies.deletedAt), eq(bidStrategies.isActive, true)));
    return rows.map((row) => row.accountId);
  }
}
