import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { dayTotals } from '../emulator/src/generator/campaigns';
import { DAY_MS } from '../emulator/src/moscow-time';
import type { Database } from '../src/database/database.tokens';
import { adBudgetLimits, adCampaignProducts, adCampaigns, adProductStats } from '../src/database/schema/autobidder';
import { adverts, fullstats, promotionCount } from '../src/marketplace/endpoints/advert';
import { AUTOBIDDER_SYNC_JOB, AUTOBIDDER_SYNC_SCHEDULE } from '../src/modules/autobidder/autobidder.jobs';
import { AccountJobs } from '../src/queue/account-jobs';
import { QueueService } from '../src/queue/queue.service';
import { moscowDay, sellerCampaigns, syncCampaigns } from './support/ad-campaigns';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope } from './support/envelope';
import { createAccount } from './support/identity';
import { callsOf, EmulatedAccount, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';
import { until } from './support/until';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// The statistics call's 1 per 20 s, scaled down so that a second sync need not wait for it.
emulatedServiceForFile((service) => ({ emulator, t, db } = service), { MP_API_RATE_WINDOW_PERCENT: '1' });

describe('campaign sync', () => {
  let account: EmulatedAccount;

  beforeAll(async () => {
    account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 8 });
  });

  it('stores every campaign with Auto off, its bids in kopecks by placement and 7 days of statistics; a second sync duplicates nothing', async () => {
    const { result } = await syncCampaigns(t, account);
    const campaigns = sellerCampaigns(emulator, account);
    expect(result).toMatchObject({
      campaigns: campaigns.length,
      products: campaigns.reduce((sum, campaign) => sum + campaign.nms.length, 0),
    });

    const rows = await db.select().from(adCampaigns).where(eq(adCampaigns.mpAccountId, account.accountId)).orderBy(adCampaigns.advertId);
    expect(rows.map((row) => [row.advertId, row.status, row.auto, row.bidType])).toEqual(
      campaigns.map((campaign) => [campaign.id, campaign.status, false, campaign.bidType]),
    );
    const manual = campaigns.find((campaign) => campaign.bidType === 'manual');
    const unified = campaigns.find((campaign) => campaign.bidType === 'unified')!;
    const [unifiedProduct] = await db
      .select()
      .from(adCampaignProducts)
      .where(and(eq(adCampaignProducts.advertId, unified.id), eq(adCampaignProducts.nmId, unified.nms[0].nmId)));
    expect(unifiedProduct.bids).toEqual({ combined: unified.nms[0].bids.search });
    if (manual) {
      const [manualProduct] = await db.select().from(adCampaignProducts).where(eq(adCampaignProducts.advertId, manual.id));
      expect(manualProduct.bids).toEqual({ search: manual.nms[0].bids.search, recommendations: manual.nms[0].bids.recommendations });
    }

    // Spend in kopecks exactly as the marketplace's roubles with kopecks; days of the last 7 Moscow days only.
    const active = campaigns.find((campaign) => campaign.status === 9)!;
    const stored = await db
      .select()
      .from(adProductStats)
      .where(and(eq(adProductStats.advertId, active.id), eq(adProductStats.nmId, active.nms[0].nmId)));
    const week = [6, 5, 4, 3, 2, 1, 0].map((ago) => moscowDay(ago));
    expect(stored.length).toBeGreaterThanOrEqual(6);
    for (const row of stored) {
      expect(week).toContain(row.day);
      const expected = dayTotals(active, 0, Math.floor(Date.parse(`${row.day}T00:00:00Z`) / DAY_MS));
      expect(row).toMatchObject({
        views: expected.views,
        clicks: expected.clicks,
        spendKopecks: Math.round(expected.sum * 100),
        orders: expected.orders,
      });
    }
    const withoutStats = campaigns.filter((campaign) => ![7, 9, 11].includes(campaign.status)).map((campaign) => campaign.id);
    const statCampaigns = await db
      .selectDistinct({ advertId: adProductStats.advertId })
      .from(adProductStats)
      .where(eq(adProductStats.mpAccountId, account.accountId));
    expect(statCampaigns.map((row) => row.advertId)).not.toEqual(expect.arrayContaining(withoutStats));

    const counts = async () => ({
      campaigns: (await db.select().from(adCampaigns).where(eq(adCampaigns.mpAccountId, account.accountId))).length,
      products: (await db.select().from(adCampaignProducts).where(eq(adCampaignProducts.mpAccountId, account.accountId))).length,
      stats: (await db.select().from(adProductStats).where(eq(adProductStats.mpAccountId, account.accountId))).length,
    });
    const before = await counts();
    await db.update(adCampaigns).set({ auto: true }).where(eq(adCampaigns.advertId, active.id));
    await syncCampaigns(t, account);
    expect(await counts()).toEqual(before);
    const [kept] = await db.select().from(adCampaigns).where(eq(adCampaigns.advertId, active.id));
    expect(kept.auto).toBe(true);
  });

  it('both sync routes show when the last sync of the account finished, null before its first', async () => {
    const fresh = await emulatedAccount(t, emulator, { cards: 5, campaigns: 3 });
    const start = () =>
      t.request({ method: 'POST', url: '/autobidder/sync', headers: fresh.owner.auth, payload: { mpAccountId: fresh.accountId } });
    const ended = (jobId: string) =>
      until(
        async () => (await t.request({ method: 'GET', url: `/autobidder/sync/status/${jobId}`, headers: fresh.owner.auth })).json(),
        (body) => body.state === 'completed' || body.state === 'failed',
        30_000,
      );
    const first = await start();
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ alreadyRunning: false, lastSyncedAt: null });
    const done = await ended(first.json().jobId);
    expect(done.state, JSON.stringify(done)).toBe('completed');
    expect(Date.parse(done.lastSyncedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    expect(Date.parse(done.lastSyncedAt)).toBeLessThanOrEqual(Date.parse(done.finishedAt));

    const second = await start();
    expect(second.json()).toMatchObject({ alreadyRunning: false, lastSyncedAt: done.lastSyncedAt });
    const again = await ended(second.json().jobId);
    expect(Date.parse(again.lastSyncedAt)).toBeGreaterThan(Date.parse(done.lastSyncedAt));
  });

  it('calls the count once, details and statistics in groups of at most 50 ids, statistics for 7 days', async () => {
    const big = await emulatedAccount(t, emulator, { cards: 20, campaigns: 120 });
    await syncCampaigns(t, big);
    expect(callsOf(emulator, big.sellerId, 'advert', promotionCount.path)).toHaveLength(1);
    const detailCalls = callsOf(emulator, big.sellerId, 'advert', adverts.path);
    expect(detailCalls.map((call) => new URL(call.url, 'http://x').searchParams.get('ids')!.split(',').length)).toEqual([50, 50, 20]);
    const statsCalls = callsOf(emulator, big.sellerId, 'advert', fullstats.path);
    const withStats = sellerCampaigns(emulator, big).filter((campaign) => [7, 9, 11].includes(campaign.status)).length;
    expect(statsCalls).toHaveLength(Math.ceil(withStats / 50));
    const query = new URL(statsCalls[0].url, 'http://x').searchParams;
    expect([query.get('beginDate'), query.get('endDate')]).toEqual([moscowDay(6), moscowDay()]);
    expect((await db.select().from(adCampaigns).where(eq(adCampaigns.mpAccountId, big.accountId))).length).toBe(120);
  });

  it('GET /autobidder/campaigns lists the synced campaigns with products, bids, 7-day statistics and filters', async () => {
    const list = async (query: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/autobidder/campaigns?mpAccountId=${account.accountId}&${query}`,
          headers: account.owner.auth,
        })
      ).json();
    const campaigns = sellerCampaigns(emulator, account);
    const page = await list('limit=100');
    expect(page.meta.total).toBe(campaigns.length);
    const active = campaigns.find((campaign) => campaign.status === 9)!;
    const item = page.items.find((candidate: { advertId: number }) => candidate.advertId === active.id);
    const stats = await db.select().from(adProductStats).where(eq(adProductStats.advertId, active.id));
    expect(item).toEqual({
      advertId: active.id,
      name: active.name,
      status: 9,
      type: active.type,
      bidType: active.bidType,
      paymentType: active.paymentType,
      auto: true,
      strategyId: null,
      strategyName: null,
      budgetLimitId: null,
      products: active.nms
        .map((nm) => ({ nmId: nm.nmId, bids: active.bidType === 'unified' ? { combined: nm.bids.search } : nm.bids }))
        .sort((a, b) => a.nmId - b.nmId),
      stats7d: {
        views: stats.reduce((sum, row) => sum + row.views, 0),
        clicks: stats.reduce((sum, row) => sum + row.clicks, 0),
        spend: stats.reduce((sum, row) => sum + row.spendKopecks, 0) / 100,
        orders: stats.reduce((sum, row) => sum + row.orders, 0),
      },
      syncedAt: expect.any(String),
    });
    expect((await list('auto=true')).items.map((campaign: { advertId: number }) => campaign.advertId)).toEqual([active.id]);
    expect((await list('status=11')).items.every((campaign: { status: number }) => campaign.status === 11)).toBe(true);

    const advertIds = (found: { items: { advertId: number }[] }) => found.items.map((campaign) => campaign.advertId).sort();
    const [first, second] = campaigns;
    expect(advertIds(await list(`advertId=${second.id}&advertId=${first.id}`))).toEqual([first.id, second.id].sort());
    expect(advertIds(await list(`q=${first.id}`))).toEqual([first.id]);
    const word = first.name.split(' ')[0].toUpperCase();
    const named = campaigns.filter((campaign) => campaign.name.toUpperCase().includes(word)).map((campaign) => campaign.id);
    expect(advertIds(await list(`q=${encodeURIComponent(word)}&limit=100`))).toEqual(named.sort());
    expect((await list('q=%25')).meta.total).toBe(campaigns.filter((campaign) => campaign.name.includes('%')).length);
  });

  it('PATCH sets the daily budget (a new limit with action pause, 0 removes it), Auto and the strategy link', async () => {
    const [campaign] = sellerCampaigns(emulator, account);
    const patch = (payload: Record<string, unknown>, advertId: number | string = campaign.id) =>
      t.request({
        method: 'PATCH',
        url: `/autobidder/campaigns/${advertId}`,
        headers: account.owner.auth,
        payload: { mpAccountId: account.accountId, ...payload },
      });
    const limits = () =>
      db
        .select()
        .from(adBudgetLimits)
        .where(and(eq(adBudgetLimits.mpAccountId, account.accountId), eq(adBudgetLimits.advertId, campaign.id)));

    const budgeted = await patch({ dailyBudget: 700 });
    expect(budgeted.statusCode, budgeted.body).toBe(200);
    const [limit] = await limits();
    expect(limit).toMatchObject({ dailyLimitRub: 700, periodLimitRub: null, onLimitAction: 'pause', deletedAt: null });
    expect(budgeted.json()).toMatchObject({ advertId: campaign.id, budgetLimitId: limit.id });
    expect((await patch({ dailyBudget: 900 })).json().budgetLimitId).toBe(limit.id);
    expect((await limits())[0].dailyLimitRub).toBe(900);
    expect((await patch({ dailyBudget: 0 })).json().budgetLimitId).toBeNull();
    expect((await limits())[0].deletedAt).toBeInstanceOf(Date);

    const strategy = await t.request({
      method: 'POST',
      url: '/autobidder/strategies',
      headers: account.owner.auth,
      payload: { mpAccountId: account.accountId, name: 'CPC', goal: 'cpc', targetCpc: 500, minBid: 150, maxBid: 2000 },
    });
    const linked = await patch({ auto: true, strategyId: strategy.json().id });
    expect(linked.json()).toMatchObject({ auto: true, strategyId: strategy.json().id, strategyName: 'CPC' });
    expect((await patch({ strategyId: null, auto: false })).json()).toMatchObject({ auto: false, strategyId: null, strategyName: null });

    const otherAccount = await createAccount(t, account.owner.id, 'Другой');
    const foreign = await t.request({
      method: 'POST',
      url: '/autobidder/strategies',
      headers: account.owner.auth,
      payload: { mpAccountId: otherAccount, name: 'Чужая', goal: 'position', minBid: 1, maxBid: 10 },
    });
    expectErrorEnvelope(await patch({ strategyId: foreign.json().id }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch({ auto: true }, 1), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch({ auto: true }, 'abc'), 400, 'VALIDATION_FAILED');
    expectErrorEnvelope(await patch({ dailyBudget: -1 }), 400, 'VALIDATION_FAILED');
    const actions = (await auditRecordsOf(db, account.accountId)).map((record) => record.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'autobidder.budget.create',
        'autobidder.budget.update',
        'autobidder.budget.delete',
        'autobidder.campaign.update',
      ]),
    );
    const [row] = await db
      .select()
      .from(adCampaigns)
      .where(and(eq(adCampaigns.mpAccountId, account.accountId), eq(adCampaigns.advertId, campaign.id)));
    expect(row).toMatchObject({ auto: false, strategyId: null });
  });

  it('the 5-minute tick syncs each active account as a scheduled job, which gives way to a busy account and ends skipped', async () => {
    const busy = await emulatedAccount(t, emulator, { cards: 20, campaigns: 3 });
    const lease = await t.app.get(AccountJobs).leases.acquire(busy.accountId, 'another-job', 'user');
    try {
      const queues = t.app.get(QueueService);
      const tickId = await queues.enqueue(AUTOBIDDER_SYNC_SCHEDULE, {});
      await until(
        () => queues.status(AUTOBIDDER_SYNC_SCHEDULE, tickId),
        (status) => status?.state === 'completed',
      );
      // The account's scheduled sync, found by its payload: a finished job no longer holds the one-per-account key.
      const scheduledSync = async () =>
        (await queues.queue(AUTOBIDDER_SYNC_JOB.queue).getJobs()).find(
          (job) => job.name === AUTOBIDDER_SYNC_JOB.name && job.data.mpAccountId === busy.accountId,
        );
      const job = await until(scheduledSync, (found) => found !== undefined);
      const status = await until(
        () => queues.status(AUTOBIDDER_SYNC_JOB, job!.id!),
        (found) => found?.state === 'completed',
      );
      expect(status!.result).toEqual({ skipped: 'account-busy' });
      expect(callsOf(emulator, busy.sellerId, 'advert')).toEqual([]);
    } finally {
      await lease!.release();
    }
  });
});
