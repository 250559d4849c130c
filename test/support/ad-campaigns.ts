import type { Campaign } from '../../emulator/src/generator/campaigns';
import { DAY_MS, moscowDate } from '../../emulator/src/moscow-time';
import type { Database } from '../../src/database/database.tokens';
import { adCampaignProducts, adCampaigns, adProductStats } from '../../src/database/schema/autobidder';
import type { EmulatedAccount, RunningEmulator } from './marketplace';

/** The Moscow calendar day `daysAgo` days before today (the marketplace's day). */
export function moscowDay(daysAgo = 0): string {
  return moscowDate(Date.now() - daysAgo * DAY_MS);
}

/** The emulator seller's campaigns. */
export function sellerCampaigns(emulator: RunningEmulator, account: EmulatedAccount): Campaign[] {
  return emulator.context.sellers.get(account.sellerId)!.campaigns.all();
}

/**
 * Stores a campaign of the emulator seller as a campaign sync would, each product's bid set to `bidKopecks` both on
 * the emulator and in the stored bids (combined for a unified-bid campaign, search and recommendations for a manual one).
 */
export async function storeSyncedCampaign(db: Database, accountId: string, campaign: Campaign, bidKopecks: number): Promise<void> {
  await storeCampaignRow(db, accountId, campaign);
  for (const nm of campaign.nms) nm.bids = { search: bidKopecks, recommendations: bidKopecks };
  const bids = campaign.bidType === 'unified' ? { combined: bidKopecks } : { search: bidKopecks, recommendations: bidKopecks };
  await db
    .insert(adCampaignProducts)
    .values(campaign.nms.map((nm) => ({ mpAccountId: accountId, advertId: campaign.id, nmId: nm.nmId, bids })));
}

/** Stores only the campaign row, as if no sync had loaded its bids. */
export async function storeCampaignRow(db: Database, accountId: string, campaign: Campaign): Promise<void> {
  await db.insert(adCampaigns).values({
    mpAccountId: accountId,
    advertId: campaign.id,
    name: campaign.name,
    status: campaign.status,
    type: campaign.type,
    bidType: campaign.bidType,
    paymentType: campaign.paymentType,
  });
}

/** One day's statistics row of a campaign's product; only the spend (kopecks) matters to a budget check. */
export async function insertSpend(
  db: Database,
  accountId: string,
  advertId: number,
  nmId: number,
  day: string,
  spendKopecks: number,
): Promise<void> {
  await db
    .insert(adProductStats)
    .values({ mpAccountId: accountId, advertId, nmId, day, views: 100, clicks: 10, spendKopecks, orders: 1, orderedKopecks: 100_000 });
}
