import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Campaign } from '../emulator/src/generator/campaigns';
import type { Database } from '../src/database/database.tokens';
import { adCampaignProducts, bidLog } from '../src/database/schema/autobidder';
import { bids } from '../src/marketplace/endpoints/advert';
import { CampaignSyncRepository } from '../src/modules/autobidder/campaigns/campaign-sync.repository';
import {
  checkBudgets,
  insertSpend,
  insertStats,
  moscowDay,
  scriptCampaignDays,
  sellerCampaigns,
  storeSyncedCampaign,
  syncCampaigns,
} from './support/ad-campaigns';
import { callsOf, EmulatedAccount, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// The statistics call's 1 per 20 s scaled down, so that a sync before every run need not wait for it.
emulatedServiceForFile((service) => ({ emulator, t, db } = service), { MP_API_RATE_WINDOW_PERCENT: '1' });

const FEW_CLICKS = 'После изменения ставки 0 кликов из 20 нужных: ставка не меняется';
const RAISE_BLOCKED = 'Лимит бюджета кампании достигнут по сегодняшней проверке: ставка не повышается';

interface RunItem {
  advertId: number;
  nmId: number;
  bidBefore: number | null;
  bidAfter: number | null;
  reason: string;
}

/** An account of a fresh seller and one of its active campaigns, made a unified-bid one (one combined bid a product). */
async function adAccount(): Promise<{ account: EmulatedAccount; campaign: Campaign }> {
  const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 8 });
  const campaign = sellerCampaigns(emulator, account).find((candidate) => candidate.status === 9)!;
  campaign.bidType = 'unified';
  return { account, campaign };
}

/** A request of the account's owner; the account goes in the body unless `withAccount` is false (a PATCH by id). */
function request(account: EmulatedAccount, method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>, withAccount = true) {
  return t.request({
    method,
    url,
    headers: account.owner.auth,
    payload: withAccount ? { mpAccountId: account.accountId, ...payload } : payload,
  });
}

function raiseLimit(account: EmulatedAccount, budgetId: string) {
  return request(account, 'PATCH', `/autobidder/budgets/${budgetId}`, { dailyLimitRub: 1000 }, false);
}

/** A CPC strategy of 10 ₽ a click, bids 1.50-50 ₽, that the campaign follows with Auto on. */
async function followCpcStrategy(account: EmulatedAccount, campaign: Campaign): Promise<void> {
  const strategy = await request(account, 'POST', '/autobidder/strategies', {
    name: 'Цена клика 10 ₽',
    goal: 'cpc',
    targetCpc: 1000,
    minBid: 150,
    maxBid: 5000,
  });
  expect(strategy.statusCode, strategy.body).toBe(201);
  const linked = await request(account, 'PATCH', `/autobidder/campaigns/${campaign.id}`, { auto: true, strategyId: strategy.json().id });
  expect(linked.statusCode, linked.body).toBe(200);
}

async function run(account: EmulatedAccount): Promise<RunItem[]> {
  const response = await request(account, 'POST', '/autobidder/run', {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

/** The run's items of the campaign's first product. */
function firstProduct(items: RunItem[], campaign: Campaign): RunItem {
  return items.find((item) => item.advertId === campaign.id && item.nmId === campaign.nms[0].nmId)!;
}

/**
 * The campaign synced with bids of 10 ₽ and following the CPC strategy; yesterday 10 clicks at 5 ₽ of its first product
 * (half the target: a raise); today 200 ₽ spent by another product, against a daily limit of 100 ₽ with `action`.
 */
async function overDailyLimit(account: EmulatedAccount, campaign: Campaign, action: 'pause' | 'reduce_bids'): Promise<string> {
  await storeSyncedCampaign(db, account.accountId, campaign, 1000);
  await followCpcStrategy(account, campaign);
  await insertStats(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(1), {
    views: 1000,
    clicks: 10,
    spendKopecks: 5000,
  });
  await insertSpend(db, account.accountId, campaign.id, 1, moscowDay(), 20_000);
  const limit = await request(account, 'POST', '/autobidder/budgets', { advertId: campaign.id, dailyLimitRub: 100, onLimitAction: action });
  expect(limit.statusCode, limit.body).toBe(201);
  return limit.json().id;
}

describe('the bid engine decides a changed bid only on evidence gathered at the new bid', () => {
  it('at a steady 7-day click price, ten runs in a row (a sync before each) change the bid once; 20 clicks at the new bid decide the next', async () => {
    const { account, campaign } = await adAccount();
    for (const nm of campaign.nms) nm.bids = { search: 1000, recommendations: 1000 };
    // 20 ₽ a click on each of the last 7 days, today's figures included: twice the target, and no click comes after.
    const week = [6, 5, 4, 3, 2, 1, 0].map((ago) => ({ date: moscowDay(ago), views: 200, clicks: 10, sum: 200 }));
    scriptCampaignDays(emulator, account, campaign, week);
    await syncCampaigns(t, account);
    await followCpcStrategy(account, campaign);

    const runs: RunItem[][] = [];
    for (let index = 0; index < 10; index += 1) {
      if (index > 0) await syncCampaigns(t, account);
      runs.push(await run(account));
    }
    expect(runs.map((items) => [firstProduct(items, campaign).bidBefore, firstProduct(items, campaign).bidAfter])).toEqual([
      [1000, 500],
      ...Array.from({ length: 9 }, () => [500, 500]),
    ]);
    expect(runs.slice(1).every((items) => firstProduct(items, campaign).reason === FEW_CLICKS)).toBe(true);
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path).map((call) => call.status)).toEqual([200]);
    expect(campaign.nms.every((nm) => nm.bids.search === 500)).toBe(true);
    const log = await db.select().from(bidLog).where(eq(bidLog.mpAccountId, account.accountId));
    expect(log.map((row) => [row.nmId, row.bidBefore, row.bidAfter])).toEqual(campaign.nms.map((nm) => [nm.nmId, 1000, 500]));

    // 20 more clicks today at 5 ₽, half the target: the click price since the change says up, by 50 % at most.
    scriptCampaignDays(emulator, account, campaign, [{ date: moscowDay(0), views: 400, clicks: 30, sum: 300 }]);
    await syncCampaigns(t, account);
    expect(firstProduct(await run(account), campaign)).toMatchObject({ bidBefore: 500, bidAfter: 750 });
    expect(campaign.nms.every((nm) => nm.bids.search === 750)).toBe(true);
  }, 120_000);

  it('a halving by a budget limit waits for evidence at the new bid too', async () => {
    const { account, campaign } = await adAccount();
    const budgetId = await overDailyLimit(account, campaign, 'reduce_bids');
    expect((await checkBudgets(t, account)).items).toEqual([expect.objectContaining({ applied: true })]);
    expect(campaign.nms[0].bids.search).toBe(500);

    // A later check finds the limit no longer reached: the raise the week's 5 ₽ clicks ask for waits for clicks at 5 ₽ bids.
    expect((await raiseLimit(account, budgetId)).statusCode).toBe(200);
    expect((await checkBudgets(t, account)).triggered).toBe(0);
    expect(firstProduct(await run(account), campaign)).toMatchObject({ bidBefore: 500, bidAfter: 500, reason: FEW_CLICKS });
    expect(campaign.nms[0].bids.search).toBe(500);
  });

  it('a bid the marketplace answered before the service wrote its own stays the service’s; a later answer replaces it', async () => {
    const { account, campaign } = await adAccount();
    await storeSyncedCampaign(db, account.accountId, campaign, 2000);
    await followCpcStrategy(account, campaign);
    // No statistics: the target, 10 ₽, written now.
    expect(firstProduct(await run(account), campaign)).toMatchObject({ bidBefore: 2000, bidAfter: 1000 });

    const sync = t.app.get(CampaignSyncRepository);
    const row = {
      advertId: campaign.id,
      name: campaign.name,
      status: 9,
      type: 9,
      bidType: 'unified' as const,
      paymentType: campaign.paymentType,
    };
    const products = campaign.nms.map((nm) => ({ advertId: campaign.id, nmId: nm.nmId, bids: { combined: 2000 } }));
    const stored = async () =>
      (
        await db
          .select({ bids: adCampaignProducts.bids })
          .from(adCampaignProducts)
          .where(and(eq(adCampaignProducts.mpAccountId, account.accountId), eq(adCampaignProducts.nmId, campaign.nms[0].nmId)))
      )[0].bids;
    await sync.saveCampaigns(account.accountId, [row], products, new Date(Date.now() - 60_000));
    expect(await stored()).toEqual({ combined: 1000 });
    await sync.saveCampaigns(account.accountId, [row], products, new Date());
    expect(await stored()).toEqual({ combined: 2000 });
  });
});

describe('the bid engine never undoes a budget action', () => {
  it('a limit found reached at a check today blocks every raise until a later check finds it no longer reached', async () => {
    const { account, campaign } = await adAccount();
    const budgetId = await overDailyLimit(account, campaign, 'pause');
    expect((await checkBudgets(t, account)).items).toEqual([expect.objectContaining({ advertId: campaign.id, applied: true })]);

    expect(firstProduct(await run(account), campaign)).toMatchObject({ bidBefore: 1000, bidAfter: 1000, reason: RAISE_BLOCKED });
    // Raising the limit is not enough: only a check that finds it no longer reached lifts the block.
    expect((await raiseLimit(account, budgetId)).statusCode).toBe(200);
    expect(firstProduct(await run(account), campaign)).toMatchObject({ bidAfter: 1000, reason: RAISE_BLOCKED });
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path)).toEqual([]);
    expect((await checkBudgets(t, account)).triggered).toBe(0);
    expect(firstProduct(await run(account), campaign)).toMatchObject({ bidBefore: 1000, bidAfter: 1500 });
    expect(campaign.nms[0].bids.search).toBe(1500);
  });
});
