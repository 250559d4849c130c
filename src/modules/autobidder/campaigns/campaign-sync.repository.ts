import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { DATABASE, Database } from '../../../database/database.tokens';
import { adCampaignProducts, adCampaigns, adProductStats } from '../../../database/schema/autobidder';
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
   * stay) and their products' bids; a product the campaign no longer has is removed.
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
          .values(products.map((product) => ({ ...product, mpAccountId: accountId, syncedAt })))
          .onConflictDoUpdate({
            target: [adCampaignProducts.mpAccountId, adCampaignProducts.advertId, adCampaignProducts.nmId],
            set: { bids: incoming(adCampaignProducts.bids), syncedAt },
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

  /** A day already stored takes the marketplace's latest figures. */
  async saveStats(accountId: string, rows: StatsRow[]): Promise<void> {
    if (rows.length === 0) return;
    const s = adProductStats;
    await this.db
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
  }
}
