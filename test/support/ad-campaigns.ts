import { expect } from 'vitest';

import type { Campaign } from '../../emulator/src/generator/campaigns';
import { DAY_MS, moscowDate } from '../../emulator/src/moscow-time';
import type { ScriptedDay } from '../../emulator/src/seller-campaigns';
import type { Database } from '../../src/database/database.tokens';
import { adCampaignProducts, adCampaigns, adProductStats, adStatsCoverage } from '../../src/database/schema/autobidder';
import type { EmulatedAccount, RunningEmulator } from './marketplace';
import type { TestApp } from './test-app';
import { until } from './until';

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

/** One day's statistics row of a campaign's product: views, clicks and spend (kopecks); no orders. */
export async function insertStats(
  db: Database,
  accountId: string,
  advertId: number,
  nmId: number,
  day: string,
  values: { views: number; clicks: number; spendKopecks: number },
): Promise<void> {
  await db.insert(adProductStats).values({ mpAccountId: accountId, advertId, nmId, day, orders: 0, orderedKopecks: 0, ...values });
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
  await insertStats(db, accountId, advertId, nmId, day, { views: 100, clicks: 10, spendKopecks });
}

/** Marks the campaign's statistics of these days as fetched by a sync (the days a budget check counts as complete). */
export async function markStatsFetched(db: Database, accountId: string, advertId: number, fromDay: string, toDay: string): Promise<void> {
  await db.insert(adStatsCoverage).values({ mpAccountId: accountId, advertId, fromDay, toDay });
}

/** Scripts the emulator's statistics of every product of the campaign on these days. */
export function scriptCampaignDays(emulator: RunningEmulator, account: EmulatedAccount, campaign: Campaign, days: ScriptedDay[]): void {
  const campaigns = emulator.context.sellers.get(account.sellerId)!.campaigns;
  for (const nm of campaign.nms) campaigns.scriptDays(nm, days);
}

/** Runs a campaign sync of the account through the API to its end; its job id and result. */
export async function syncCampaigns(t: TestApp, account: EmulatedAccount): Promise<{ jobId: string; result: Record<string, number> }> {
  const started = await t.request({
    method: 'POST',
    url: '/autobidder/sync',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId },
  });
  expect(started.statusCode, started.body).toBe(202);
  const { jobId, alreadyRunning } = started.json();
  expect(alreadyRunning).toBe(false);
  const status = await until(
    async () => (await t.request({ method: 'GET', url: `/autobidder/sync/status/${jobId}`, headers: account.owner.auth })).json(),
    (body) => body.state === 'completed' || body.state === 'failed',
    30_000,
  );
  expect(status.state, JSON.stringify(status)).toBe('completed');
  return { jobId, result: status.result };
}

/** POST /autobidder/budgets/check by the account's owner: its 200 answer. */
export async function checkBudgets(t: TestApp, account: Pick<EmulatedAccount, 'accountId' | 'owner'>) {
  const response = await t.request({
    method: 'POST',
    url: '/autobidder/budgets/check',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
