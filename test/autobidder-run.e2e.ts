import { and, eq, inArray, isNull } from 'drizzle-orm';
import type Redis from 'ioredis';
import { describe, expect, it } from 'vitest';

import type { Campaign } from '../emulator/src/generator/campaigns';
import type { Database } from '../src/database/database.tokens';
import { adCampaigns, bidLog, bidStrategies } from '../src/database/schema/autobidder';
import { bids } from '../src/marketplace/endpoints/advert';
import { AUTOBIDDER_RUN_SCHEDULE } from '../src/modules/autobidder/autobidder.jobs';
import { BidEngineRunService } from '../src/modules/autobidder/engine/bid-engine-run.service';
import { AccountLeases } from '../src/queue/account-lease';
import { QueueService } from '../src/queue/queue.service';
import { REDIS, redisKey } from '../src/redis/redis.module';
import { BidReason, bidReason } from '../src/shared/autobidder/bid-reason';
import { insertStats, moscowDay, sellerCampaigns, storeSyncedCampaign } from './support/ad-campaigns';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope } from './support/envelope';
import { callsOf, EmulatedAccount, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import { insertProducts } from './support/pricing-catalog';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

emulatedServiceForFile((service) => ({ emulator, t, db } = service));

interface RunItem {
  advertId: number;
  campaignName: string;
  nmId: number;
  placement: string | null;
  bidBefore: number | null;
  bidAfter: number | null;
  strategyId: string;
  reason: string;
  reasonFields: BidReason;
}

/** A seller of `campaigns` campaigns (every second one active) and its account. */
function adAccount(campaigns: number): Promise<EmulatedAccount> {
  return emulatedAccount(t, emulator, { cards: 30, campaigns });
}

function activeCampaigns(account: EmulatedAccount): Campaign[] {
  return sellerCampaigns(emulator, account).filter((campaign) => campaign.status === 9);
}

/** Stores the campaign as synced with every bid at `bidKopecks`, Auto on unless told, optionally linked to a strategy. */
async function synced(
  account: EmulatedAccount,
  campaign: Campaign,
  bidKopecks: number,
  link: { auto?: boolean; strategyId?: string } = {},
) {
  await storeSyncedCampaign(db, account.accountId, campaign, bidKopecks);
  await db
    .update(adCampaigns)
    .set({ auto: link.auto ?? true, strategyId: link.strategyId ?? null })
    .where(and(eq(adCampaigns.mpAccountId, account.accountId), eq(adCampaigns.advertId, campaign.id)));
}

/** Yesterday's statistics of a campaign's product (within the engine's 7 days). */
function stats(account: EmulatedAccount, campaign: Campaign, values: { views: number; clicks: number; spendKopecks: number }) {
  return insertStats(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(1), values);
}

async function strategy(account: EmulatedAccount, fields: Record<string, unknown>): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/autobidder/strategies',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, name: 'Стратегия', goal: 'cpc', minBid: 150, maxBid: 5000, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function run(account: EmulatedAccount) {
  return t.request({ method: 'POST', url: '/autobidder/run', headers: account.owner.auth, payload: { mpAccountId: account.accountId } });
}

/** The run's items of a campaign's first product (one per placement). */
function itemsOf(items: RunItem[], campaign: Campaign): RunItem[] {
  return items.filter((item) => item.advertId === campaign.id && item.nmId === campaign.nms[0].nmId);
}

function logOf(account: EmulatedAccount) {
  return db.select().from(bidLog).where(eq(bidLog.mpAccountId, account.accountId));
}

describe('bid engine run', () => {
  it('applies the engine rules: ±50 % caps, no statistics → target, views without clicks and DRR goals unchanged, clamping', async () => {
    const account = await adAccount(40);
    const [lowered, raised, unclicked, fresh, clamped, drr, autoOff, listed] = activeCampaigns(account);
    const paused = sellerCampaigns(emulator, account).find((campaign) => campaign.status === 11)!;
    const unlinked = await strategy(account, { targetCpc: 500 });
    const capped = await strategy(account, { targetCpc: 1000, maxBid: 700 });
    const drrStrategy = await strategy(account, { goal: 'drr', targetDrrPct: 10 });
    // Listed by its strategy, which an unlinked campaign not on the list does not follow.
    const listing = await strategy(account, { targetCpc: 2000, campaigns: [listed.id] });

    await synced(account, lowered, 1000);
    await stats(account, lowered, { views: 1000, clicks: 10, spendKopecks: 100_000 }); // 100 ₽ a click against 5 ₽: −50 % at most
    await synced(account, raised, 400);
    await stats(account, raised, { views: 1000, clicks: 10, spendKopecks: 1000 }); // 1 ₽ a click against 5 ₽: +50 % at most
    await synced(account, unclicked, 800);
    await stats(account, unclicked, { views: 500, clicks: 0, spendKopecks: 0 });
    await synced(account, fresh, 800);
    await synced(account, clamped, 300, { strategyId: capped });
    await synced(account, drr, 800, { strategyId: drrStrategy });
    await synced(account, autoOff, 800, { auto: false });
    await synced(account, paused, 800);
    await synced(account, listed, 1000);

    const response = await run(account);
    expect(response.statusCode, response.body).toBe(200);
    const { applied, skipped, items } = response.json() as { applied: number; skipped: number; items: RunItem[] };
    const after = (campaign: Campaign) => itemsOf(items, campaign).map((item) => [item.bidBefore, item.bidAfter, item.strategyId]);
    const placements = (campaign: Campaign) => (campaign.bidType === 'unified' ? 1 : 2);
    const times = <T>(campaign: Campaign, value: T) => Array.from({ length: placements(campaign) }, () => value);

    expect(after(lowered)).toEqual(times(lowered, [1000, 500, unlinked]));
    expect(after(raised)).toEqual(times(raised, [400, 600, unlinked]));
    expect(after(unclicked)).toEqual(times(unclicked, [800, 800, unlinked]));
    expect(itemsOf(items, unclicked)[0].reason).toBe('Показы без кликов: ставка не меняется');
    expect(after(fresh)).toEqual(times(fresh, [800, 500, unlinked]));
    expect(after(clamped)).toEqual(times(clamped, [300, 700, capped]));
    expect(after(drr)).toEqual(times(drr, [800, 800, drrStrategy]));
    expect(itemsOf(items, drr)[0].reason).toBe('Цель стратегии не пересчитывает ставку');
    // +50 % of 1000 toward 20 ₽ a click with no statistics: the target, 2000.
    expect(after(listed)).toEqual(times(listed, [1000, 2000, listing]));
    expect(items.filter((item) => item.advertId === autoOff.id || item.advertId === paused.id)).toEqual([]);
    // Toward 5 ₽ a click within the strategy's 1,50–50 ₽: the fields the sentence is made of.
    const loweredReason = bidReason('lowered', { before: 1000, after: 500, target: 500, minBid: 150, maxBid: 5000 });
    expect(itemsOf(items, lowered)[0]).toMatchObject({
      campaignName: lowered.name,
      placement: lowered.bidType === 'unified' ? 'combined' : 'search',
      reason: 'Снижение к целевой цене клика 500 коп. (границы 150–5000 коп.)',
      reasonFields: loweredReason,
    });

    const changed = items.filter((item) => item.bidAfter !== item.bidBefore);
    expect(applied).toBe(changed.length);
    expect(skipped).toBe(items.length - changed.length);
    // The marketplace has the new bids, the log has each change with its reason, the audit record has the counts.
    const loweredNm = lowered.nms[0];
    expect(loweredNm.bids.search).toBe(500);
    const log = await logOf(account);
    expect(log).toHaveLength(applied);
    expect(log.find((row) => row.advertId === lowered.id && row.nmId === loweredNm.nmId)).toMatchObject({
      campaignName: lowered.name,
      bidBefore: 1000,
      bidAfter: 500,
      strategyId: unlinked,
      reason: 'Снижение к целевой цене клика 500 коп. (границы 150–5000 коп.)',
      reasonFields: loweredReason,
    });
    const [audit] = (await auditRecordsOf(db, account.accountId)).filter((record) => record.action === 'autobidder.bid-engine.run');
    expect(audit).toMatchObject({ userId: account.owner.id, details: { applied, skipped, trigger: 'user' } });

    // The stored bids are the new ones: a second run starts from them (no statistics: at the target already).
    const again = (await run(account)).json() as { applied: number; items: RunItem[] };
    expect(itemsOf(again.items, fresh).map((item) => [item.bidBefore, item.bidAfter])).toEqual(times(fresh, [500, 500]));
  });

  it('a strategy with an empty list takes every unlinked campaign; an inactive strategy changes nothing', async () => {
    const account = await adAccount(6);
    const [first, second] = activeCampaigns(account);
    const inactive = await strategy(account, { targetCpc: 500, isActive: false });
    await synced(account, first, 800);
    await synced(account, second, 800, { strategyId: inactive });
    expect((await run(account)).json()).toEqual({ applied: 0, refused: 0, skipped: 0, items: [] });
    const all = await strategy(account, { targetCpc: 500 });
    const { items } = (await run(account)).json() as { items: RunItem[] };
    expect([...new Set(items.map((item) => item.advertId))]).toEqual([first.id]);
    expect(itemsOf(items, first).every((item) => item.strategyId === all && item.bidAfter === 500)).toBe(true);
  });

  it('sends 120 changed campaigns in 3 requests of at most 50 campaigns, with the right placements', async () => {
    const account = await adAccount(240);
    const campaigns = activeCampaigns(account);
    expect(campaigns).toHaveLength(120);
    await strategy(account, { targetCpc: 500 });
    for (const campaign of campaigns) await synced(account, campaign, 1000);
    const response = await run(account);
    expect(response.statusCode, response.body).toBe(200);
    // The marketplace refuses a request of over 50 campaigns and a placement the campaign's bid type does not have.
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path).map((call) => call.status)).toEqual([200, 200, 200]);
    expect(campaigns.every((campaign) => campaign.nms.every((nm) => nm.bids.search === 500 && nm.bids.recommendations === 500))).toBe(true);
    const products = campaigns.reduce((sum, campaign) => sum + campaign.nms.length * (campaign.bidType === 'unified' ? 1 : 2), 0);
    expect(response.json().applied).toBe(products);
    expect(await logOf(account)).toHaveLength(products);
  });

  it('one campaign refused in a request: the request is sent again campaign by campaign, the others applied and logged', async () => {
    const account = await adAccount(120);
    const campaigns = activeCampaigns(account);
    await strategy(account, { targetCpc: 500 });
    for (const campaign of campaigns) await synced(account, campaign, 1000);
    // Finished on the marketplace since the sync: the second request, which carries it, is refused whole.
    const sorted = [...campaigns].sort((a, b) => a.id - b.id);
    const finished = sorted[55];
    finished.status = 7;
    const response = await run(account);
    expect(response.statusCode, response.body).toBe(200);
    const { applied, refused, items } = response.json() as { applied: number; refused: number; items: RunItem[] };
    // The second request of 10 campaigns refused, then each of them once more on its own.
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path).map((call) => call.status)).toEqual([
      200,
      400,
      ...sorted.slice(50).map((campaign) => (campaign === finished ? 400 : 200)),
    ]);
    const log = await logOf(account);
    expect(new Set(log.map((row) => row.advertId))).toEqual(
      new Set(sorted.filter((campaign) => campaign !== finished).map((campaign) => campaign.id)),
    );
    expect(log).toHaveLength(applied);
    const refusedItems = items.filter((item) => item.advertId === finished.id);
    expect(refused).toBe(refusedItems.length);
    expect(
      refusedItems.every((item) => item.bidAfter === 1000 && item.reason === 'Маркетплейс отклонил ставку: wrong advert status: 7'),
    ).toBe(true);
    expect(refusedItems[0].reasonFields).toEqual(bidReason('refused', { before: 1000, after: 1000, refusal: 'wrong advert status: 7' }));
    expect(finished.nms.every((nm) => nm.bids.search === 1000)).toBe(true);
    expect(sorted.filter((campaign) => campaign !== finished).every((campaign) => campaign.nms.every((nm) => nm.bids.search === 500))).toBe(
      true,
    );
  });

  it('a request none of whose campaigns the marketplace takes fails the run and is not logged; the request accepted before it is', async () => {
    const account = await adAccount(120);
    const campaigns = activeCampaigns(account);
    await strategy(account, { targetCpc: 500 });
    for (const campaign of campaigns) await synced(account, campaign, 1000);
    // Campaigns go in advertId order: the last 10, the second request, all finished since the sync.
    const sorted = [...campaigns].sort((a, b) => a.id - b.id);
    for (const campaign of sorted.slice(50)) campaign.status = 7;
    const response = await run(account);
    const error = expectErrorEnvelope(response, 502, 'MP_UNAVAILABLE');
    expect(error.message).toContain('wrong advert status');
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path).map((call) => call.status)).toEqual([
      200,
      ...Array.from({ length: 11 }, () => 400),
    ]);
    const log = await logOf(account);
    expect(new Set(log.map((row) => row.advertId))).toEqual(new Set(sorted.slice(0, 50).map((campaign) => campaign.id)));
    expect(sorted.slice(50).every((campaign) => campaign.nms.every((nm) => nm.bids.search === 1000))).toBe(true);
    const [audit] = (await auditRecordsOf(db, account.accountId)).filter((record) => record.action === 'autobidder.bid-engine.run');
    expect(audit.details).toMatchObject({ applied: log.length, error: error.message });
  });

  it('the bid log answers newest first, in kopecks, for the account or one campaign', async () => {
    const account = await adAccount(6);
    const [first, second] = activeCampaigns(account);
    const strategyId = await strategy(account, { targetCpc: 500 });
    await synced(account, first, 1000);
    await synced(account, second, 1000);
    await run(account);
    const patched = await t.request({
      method: 'PATCH',
      url: `/autobidder/strategies/${strategyId}`,
      headers: account.owner.auth,
      payload: { targetCpc: 700 },
    });
    expect(patched.statusCode).toBe(200);
    // 20 clicks at 5 ₽ since the change, the evidence a changed bid waits for: toward 7 ₽ a click.
    for (const campaign of [first, second])
      for (const nm of campaign.nms)
        await insertStats(db, account.accountId, campaign.id, nm.nmId, moscowDay(), { views: 400, clicks: 20, spendKopecks: 10_000 });
    // The first campaign's products are in the catalog, the second's are not.
    await insertProducts(
      db,
      account.accountId,
      first.nms.map((nm) => nm.nmId),
    );
    await run(account);
    const read = async (query = '') =>
      (
        await t.request({
          method: 'GET',
          url: `/autobidder/bid-log?mpAccountId=${account.accountId}&limit=100${query}`,
          headers: account.owner.auth,
        })
      ).json();
    const { items } = await read();
    const changes = first.nms.length * (first.bidType === 'unified' ? 1 : 2) + second.nms.length * (second.bidType === 'unified' ? 1 : 2);
    expect(items).toHaveLength(changes * 2);
    expect(items.slice(0, changes).every((item: RunItem) => item.bidBefore === 500 && item.bidAfter === 700)).toBe(true);
    expect(items.slice(changes).every((item: RunItem) => item.bidBefore === 1000 && item.bidAfter === 500)).toBe(true);
    const named = new Set(first.nms.map((nm) => nm.nmId));
    expect(
      items.every(
        (item: RunItem & { productName: string | null }) => item.productName === (named.has(item.nmId) ? `Товар ${item.nmId}` : null),
      ),
    ).toBe(true);
    expect(items[0]).toEqual({
      advertId: expect.any(Number),
      campaignName: expect.any(String),
      nmId: expect.any(Number),
      productName: expect.toBeOneOf([null, `Товар ${items[0].nmId}`]),
      placement: expect.any(String),
      bidBefore: 500,
      bidAfter: 700,
      reason: 'Повышение к целевой цене клика 700 коп. (границы 150–5000 коп.)',
      reasonFields: bidReason('raised', { before: 500, after: 700, target: 700, minBid: 150, maxBid: 5000 }),
      strategyId,
      createdAt: expect.any(String),
    });
    const one = await read(`&campaignId=${first.id}`);
    expect(one.items.every((item: RunItem) => item.advertId === first.id)).toBe(true);
  });

  it('a scheduled run gives way to a run going on the account and ends skipped', async () => {
    const account = await adAccount(6);
    const [campaign] = activeCampaigns(account);
    await strategy(account, { targetCpc: 500 });
    await synced(account, campaign, 1000);
    const leases = new AccountLeases(t.app.get<Redis>(REDIS), redisKey(t.config, 'bid-engine'));
    const going = await leases.acquire(account.accountId, 'a-user-run', 'user');
    try {
      expect(await t.app.get(BidEngineRunService).runScheduled(account.accountId)).toEqual({ skipped: 'account-busy' });
      expect(await logOf(account)).toEqual([]);
    } finally {
      await going!.release();
    }
    expect(await t.app.get(BidEngineRunService).runScheduled(account.accountId)).toMatchObject({ applied: expect.any(Number) });
    expect((await logOf(account)).length).toBeGreaterThan(0);
    // The bids are at the target now: a run that changes nothing leaves no audit record.
    expect(await t.app.get(BidEngineRunService).runScheduled(account.accountId)).toMatchObject({ applied: 0 });
    const audits = (await auditRecordsOf(db, account.accountId)).filter((record) => record.action === 'autobidder.bid-engine.run');
    expect(audits.map((record) => record.details)).toEqual([
      expect.objectContaining({ trigger: 'scheduled', applied: expect.any(Number) }),
    ]);
    expect((audits[0].details as { applied: number }).applied).toBeGreaterThan(0);
    const records = await db
      .select()
      .from(bidLog)
      .where(inArray(bidLog.advertId, [campaign.id]));
    expect(records.every((row) => row.bidAfter === 500)).toBe(true);
  });

  it('the minute tick starts a run for each active account with an active strategy, scheduled and without a user', async () => {
    const account = await adAccount(6);
    const [campaign] = activeCampaigns(account);
    await strategy(account, { targetCpc: 500 });
    await synced(account, campaign, 1000);
    const idle = await adAccount(6);
    await strategy(idle, { targetCpc: 500, isActive: false });
    const withActive = await db
      .selectDistinct({ accountId: bidStrategies.mpAccountId })
      .from(bidStrategies)
      .where(and(eq(bidStrategies.isActive, true), isNull(bidStrategies.deletedAt)));
    const queues = t.app.get(QueueService);
    const tickId = await queues.enqueue(AUTOBIDDER_RUN_SCHEDULE, {});
    const tick = await until(
      () => queues.status(AUTOBIDDER_RUN_SCHEDULE, tickId),
      (status) => status?.state === 'completed',
    );
    expect(tick!.result).toEqual({ accounts: withActive.length });
    expect(withActive.map((row) => row.accountId)).not.toContain(idle.accountId);
    await until(
      () => logOf(account),
      (log) => log.length > 0,
    );
    const audits = await until(
      async () => (await auditRecordsOf(db, account.accountId)).filter((record) => record.action === 'autobidder.bid-engine.run'),
      (records) => records.length > 0,
    );
    expect(audits[0]).toMatchObject({ userId: null, details: { trigger: 'scheduled' } });
  });
});
