import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { DATABASE, Database } from '../../../database/database.tokens';
import { adBudgetLimits, adCampaignProducts, adCampaigns, adProductStats, adStatsCoverage } from '../../../database/schema/autobidder';
import type { OlderStatsNeed, StatsCall } from '../stats-days';
import type { CampaignRow, ProductRow, StatsRow } from './campaign-sync-rows';

/** The value the conflicting insert brought for a column. */
function incoming(column: AnyPgColumn) {
  return sql.raw(`excluded.${column.name}`);
}

/** The sync's writes: every group of campaigns and of statistics upserted in one transaction, never duplicated. */
@Injectable()
export class CampaignSyncRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The campaigns as the marketplace gave them (a new one with Auto off; Auto and the strategy link of a known one
   * stay) and their products' bids; a product the campaign no longer has is removed. `syncedAt` is when the marketplace
   * was asked: bids the service wrote after it are newer than the answer and stay.
   */
  async saveCampaigns(accountId: string, campaigns: CampaignRow[], products: ProductRow[], syncedAt: Date): Promise<void> {
    if (campaigns.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx
        .insert(adCampaigns)
        .values(campaigns.map((campaign) => ({ ...campaign, mpAccountId: accountId, syncedAt })))
        .onConflictDoUpdate({
          target: [adCampaigns.mpAccountId, adCampaigns.advertId],
          set: {
            name: incoming(adCampaigns.name),
            status: incoming(adCampaigns.status),
            type: incoming(adCampaigns.type),
            bidType: incoming(adCampaigns.bidType),
            paymentType: incoming(adCampaigns.paymentType),
            syncedAt,
          },
        });
      if (products.length > 0)
        await tx
          .insert(adCampaignProducts)
          .values(products.map((product) => ({ ...product, mpAccountId: accountId, syncedAt, bidsAt: syncedAt })))
          .onConflictDoUpdate({
            target: [adCampaignProducts.mpAccountId, adCampaignProducts.advertId, adCampaignProducts.nmId],
            set: {
              bids: sql`CASE WHEN ${adCampaignProducts.bidsAt} > ${incoming(adCampaignProducts.bidsAt)} THEN ${adCampaignProducts.bids}
                ELSE ${incoming(adCampaignProducts.bids)} END`,
              bidsAt: sql`greatest(${adCampaignProducts.bidsAt}, ${incoming(adCampaignProducts.bidsAt)})`,
              syncedAt,
            },
          });
      await tx.delete(adCampaignProducts).where(
        and(
          eq(adCampaignProducts.mpAccountId, accountId),
          inArray(
            adCampaignProducts.advertId,
            campaigns.map((campaign) => campaign.advertId),
          ),
          lt(adCampaignProducts.syncedAt, syncedAt),
        ),
      );
    });
  }

  /**
   * The statistics of one call: a day already stored takes the marketplace's latest figures, and the call's days join
   * the range kept for each of its campaigns (an unbroken range: days that do not touch it replace it when newer).
   */
  async saveStats(accountId: string, rows: StatsRow[], call: StatsCall): Promise<void> {
    const s = adProductStats;
    const c = adStatsCoverage;
    await this.db.transaction(async (tx) => {
      if (rows.length > 0)
        await tx
          .insert(s)
          .values(rows.map((row) => ({ ...row, mpAccountId: accountId, syncedAt: new Date() })))
          .onConflictDoUpdate({
            target: [s.mpAccountId, s.advertId, s.nmId, s.day],
            set: {
              views: incoming(s.views),
              clicks: incoming(s.clicks),
              spendKopecks: incoming(s.spendKopecks),
              orders: incoming(s.orders),
              orderedKopecks: incoming(s.orderedKopecks),
              syncedAt: incoming(s.syncedAt),
            },
          });
      const touching = sql`${c.toDay} >= ${incoming(c.fromDay)} - 1 AND ${c.fromDay} <= ${incoming(c.toDay)} + 1`;
      const newer = sql`${incoming(c.toDay)} > ${c.toDay}`;
      await tx
        .insert(c)
        .values(call.ids.map((advertId) => ({ mpAccountId: accountId, advertId, fromDay: call.beginDate, toDay: call.endDate })))
        .onConflictDoUpdate({
          target: [c.mpAccountId, c.advertId],
          set: {
            fromDay: sql`CASE WHEN ${touching} THEN least(${c.fromDay}, ${incoming(c.fromDay)}) WHEN ${newer} THEN ${incoming(c.fromDay)}
              ELSE ${c.fromDay} END`,
            toDay: sql`CASE WHEN ${touching} THEN greatest(${c.toDay}, ${incoming(c.toDay)}) WHEN ${newer} THEN ${incoming(c.toDay)}
              ELSE ${c.toDay} END`,
            updatedAt: sql`now()`,
          },
        });
    });
  }

  /** Each campaign with a live period limit: the first day its limits count, and the days of statistics kept. */
  async olderStatsNeeds(accountId: string): Promise<OlderStatsNeed[]> {
    const l = adBudgetLimits;
    const c = adStatsCoverage;
    const rows = await this.db
      .select({ advertId: l.advertId, since: min(l.periodStartDate), fromDay: c.fromDay, toDay: c.toDay })
      .from(l)
      .leftJoin(c, and(eq(c.mpAccountId, l.mpAccountId), eq(c.advertId, l.advertId)))
      .where(and(eq(l.mpAccountId, accountId), isNull(l.deletedAt), isNotNull(l.periodLimitRub), isNotNull(l.periodStartDate)))
      .groupBy(l.advertId, c.fromDay, c.toDay);
    return rows.map((row) => ({
      advertId: row.advertId,
      since: row.since!,
      covered: row.fromDay && row.toDay ? { from: row.fromDay, to: row.toDay } : null,
    }));
  }
}
