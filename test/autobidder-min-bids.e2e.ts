import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Campaign } from '../emulator/src/generator/campaigns';
import type { Database } from '../src/database/database.tokens';
import { adCampaignProducts } from '../src/database/schema/autobidder';
import { bids, bidsMin } from '../src/marketplace/endpoints/advert';
import { checkBudgets, insertSpend, moscowDay, sellerCampaigns, storeSyncedCampaign } from './support/ad-campaigns';
import { callsOf, EmulatedAccount, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

const HALVED_TO_MINIMUM = 'Ставки кампании снижены вдвое, но не ниже минимальных ставок маркетплейса';

/** An account of a fresh seller and its active campaigns. */
async function adAccount(): Promise<{ account: EmulatedAccount; active: Campaign[] }> {
  const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 16 });
  return { account, active: sellerCampaigns(emulator, account).filter((campaign) => campaign.status === 9) };
}

/** The campaign as synced with every bid at `bidKopecks`, today's spend of 200 ₽, and a daily limit of 100 ₽ that halves its bids. */
async function reachedReduceLimit(account: EmulatedAccount, campaign: Campaign, bidKopecks: number): Promise<void> {
  await storeSyncedCampaign(db, account.accountId, campaign, bidKopecks);
  await insertSpend(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 20_000);
  const response = await t.request({
    method: 'POST',
    url: '/autobidder/budgets',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, advertId: campaign.id, dailyLimitRub: 100, onLimitAction: 'reduce_bids' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

function minimums(account: EmulatedAccount, campaign: Campaign, values: Record<string, number>): void {
  const campaigns = emulator.context.sellers.get(account.sellerId)!.campaigns;
  for (const nm of campaign.nms) campaigns.setMinBids(nm, values);
}

describe("reduce_bids within the marketplace's minimum bids", () => {
  it('halves down to the minimum, then stays at the minimum: nothing more is sent', async () => {
    const { account, active } = await adAccount();
    const [campaign] = active;
    campaign.bidType = 'unified';
    minimums(account, campaign, { combined: 300 });
    await reachedReduceLimit(account, campaign, 500);

    expect((await checkBudgets(t, account)).items).toEqual([
      expect.objectContaining({ advertId: campaign.id, applied: true, outcome: 'applied', reason: HALVED_TO_MINIMUM }),
    ]);
    expect(campaign.nms.map((nm) => nm.bids.search)).toEqual(campaign.nms.map(() => 300));
    expect(callsOf(emulator, account.sellerId, 'advert', bidsMin.path).map((call) => call.status)).toEqual([200]);

    expect((await checkBudgets(t, account)).items).toEqual([
      expect.objectContaining({
        advertId: campaign.id,
        applied: false,
        outcome: 'at_minimum',
        reason: 'Ставки кампании уже на минимальных ставках маркетплейса: снижать некуда',
      }),
    ]);
    expect(campaign.nms.map((nm) => nm.bids.search)).toEqual(campaign.nms.map(() => 300));
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path).map((call) => call.status)).toEqual([200]);
    const stored = await db.select().from(adCampaignProducts).where(eq(adCampaignProducts.mpAccountId, account.accountId));
    expect(stored.map((row) => row.bids)).toEqual(stored.map(() => ({ combined: 300 })));
  });

  it('a manual-bid campaign: each placement within its own minimum (the minimum bids call says recommendation)', async () => {
    const { account, active } = await adAccount();
    const [campaign] = active;
    campaign.bidType = 'manual';
    minimums(account, campaign, { search: 400, recommendation: 200 });
    await reachedReduceLimit(account, campaign, 600);
    expect((await checkBudgets(t, account)).items).toEqual([expect.objectContaining({ outcome: 'applied', reason: HALVED_TO_MINIMUM })]);
    expect(campaign.nms.map((nm) => nm.bids)).toEqual(campaign.nms.map(() => ({ search: 400, recommendations: 300 })));
  });
});

describe('one campaign the marketplace refuses does not hold back the others', () => {
  it('one refused campaign among three in a bids request: the other two are applied, the refused one says why', async () => {
    const { account, active } = await adAccount();
    const three = active.slice(0, 3);
    for (const campaign of three) await reachedReduceLimit(account, campaign, 1000);
    // Finished on the marketplace since the sync: the marketplace refuses any request that carries its bids.
    const [first, finished, third] = three;
    finished.status = 7;

    const { items } = await checkBudgets(t, account);
    expect(items.map((item: { advertId: number; outcome: string }) => [item.advertId, item.outcome])).toEqual([
      [first.id, 'applied'],
      [finished.id, 'refused'],
      [third.id, 'applied'],
    ]);
    expect(items[1]).toMatchObject({ applied: false, reason: 'Маркетплейс отклонил ставки: wrong advert status: 7' });
    // The request of three refused, then each campaign once more on its own.
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path).map((call) => call.status)).toEqual([400, 200, 400, 200]);
    expect([first, finished, third].map((campaign) => campaign.nms[0].bids.search)).toEqual([500, 1000, 500]);
  });
});
