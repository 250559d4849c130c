import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Campaign } from '../emulator/src/generator/campaigns';
import type { Database } from '../src/database/database.tokens';
import { adBudgetLimits, adBudgetTriggers, adCampaignProducts, bidLog } from '../src/database/schema/autobidder';
import { bids, bidsMin, pause } from '../src/marketplace/endpoints/advert';
import { NO_SYNCED_BIDS } from '../src/modules/autobidder/budgets/budget-check-decisions';
import {
  checkBudgets,
  insertSpend,
  markStatsFetched,
  moscowDay,
  sellerCampaigns,
  storeCampaignRow,
  storeSyncedCampaign,
} from './support/ad-campaigns';
import { auditRecordsOf } from './support/audit-records';
import { expectErrorEnvelope, fieldErrors } from './support/envelope';
import { createAccount, createUser, TestUser } from './support/identity';
import { callsOf, EmulatedAccount, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import { resourceRoutes } from './support/resource-routes';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// The minimum bids call's 20 a minute scaled down: a check of 70 campaigns reads them all at once.
emulatedServiceForFile((service) => ({ emulator, t, db } = service), { MP_API_RATE_WINDOW_PERCENT: '1' });

const valid = (mpAccountId: string, extra: Record<string, unknown> = {}) => ({
  mpAccountId,
  advertId: 123,
  dailyLimitRub: 500,
  onLimitAction: 'pause',
  ...extra,
});

describe('ad budget limits', () => {
  let account: EmulatedAccount;
  let stranger: TestUser;
  const routes = resourceRoutes(
    () => t,
    '/autobidder/budgets',
    () => account.owner,
  );
  const { post, list, get, patch, remove } = routes;
  let nextAdvertId = 1000;
  const created = (extra: Record<string, unknown> = {}, mpAccountId = account.accountId) =>
    routes.created(valid(mpAccountId, { advertId: (nextAdvertId += 1), ...extra }));

  beforeAll(async () => {
    account = await emulatedAccount(t, emulator);
    stranger = await createUser(t);
  });

  it('creates a limit and answers its fields, id and timestamps; GET answers the same', async () => {
    const limit = await created({ advertId: 77, periodLimitRub: 3000, periodStartDate: '2026-01-01', onLimitAction: 'reduce_bids' });
    expect(limit).toEqual({
      id: expect.any(String),
      mpAccountId: account.accountId,
      advertId: 77,
      dailyLimitRub: 500,
      periodLimitRub: 3000,
      periodStartDate: '2026-01-01',
      onLimitAction: 'reduce_bids',
      checkedAt: null,
      reachedAtCheck: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await get(limit.id)).json()).toEqual(limit);
    const daily = await created({ dailyLimitRub: 1 });
    expect(daily).toMatchObject({ dailyLimitRub: 1, periodLimitRub: null, periodStartDate: null });
  });

  it('needs at least one of the two limits, and periodStartDate with the period limit', async () => {
    const none = expectErrorEnvelope(await post(valid(account.accountId, { dailyLimitRub: undefined })), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(none.details)).toEqual({ dailyLimitRub: ['atLeastOneLimit'], periodLimitRub: ['atLeastOneLimit'] });
    const nulls = await post(valid(account.accountId, { dailyLimitRub: null, periodLimitRub: null }));
    expectErrorEnvelope(nulls, 400, 'VALIDATION_FAILED');
    const noStart = expectErrorEnvelope(await post(valid(account.accountId, { periodLimitRub: 100 })), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(noStart.details)).toEqual({ periodStartDate: ['requiredWithPeriodLimit'] });
    expect(noStart.message).toContain('periodStartDate');
  });

  it('takes whole roubles of at least 1, a calendar day, the two actions, and refuses unknown fields', async () => {
    const errors = async (extra: Record<string, unknown>) =>
      fieldErrors(expectErrorEnvelope(await post(valid(account.accountId, extra)), 400, 'VALIDATION_FAILED').details);
    expect(await errors({ dailyLimitRub: 0, periodLimitRub: 1.5, periodStartDate: '2026-13-01', onLimitAction: 'stop' })).toEqual({
      dailyLimitRub: ['min'],
      periodLimitRub: ['isInt'],
      periodStartDate: ['isISO8601'],
      onLimitAction: ['isIn'],
    });
    expect(await errors({ advertId: 0, dailyLimitRub: '100', periodStartDate: '2026-01-01T00:00:00Z' })).toEqual({
      advertId: ['min'],
      dailyLimitRub: expect.arrayContaining(['isInt']),
      periodStartDate: ['isISO8601'],
    });
    expect(await errors({ action: 'pause' })).toEqual({ action: ['whitelistValidation'] });
  });

  it('a second live limit of the campaign is 409, also when both are sent at once; another campaign is fine', async () => {
    await created({ advertId: 555 });
    const second = expectErrorEnvelope(await post(valid(account.accountId, { advertId: 555, dailyLimitRub: 10 })), 409, 'CONFLICT');
    expect(second.message).toContain('555');
    const racing = await Promise.all([1, 2, 3].map(() => post(valid(account.accountId, { advertId: 556 }))));
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await db.select().from(adBudgetLimits).where(eq(adBudgetLimits.advertId, 556));
    expect(rows).toHaveLength(1);
  });

  it('DELETE is soft: 204, then 404 to GET, PATCH and DELETE, gone from the list; a new limit of the campaign may be created', async () => {
    const limit = await created({ advertId: 600 });
    expect((await remove(limit.id)).statusCode).toBe(204);
    expectErrorEnvelope(await get(limit.id), 404, 'NOT_FOUND');
    expectErrorEnvelope(await patch(limit.id, { dailyLimitRub: 10 }), 404, 'NOT_FOUND');
    expectErrorEnvelope(await remove(limit.id), 404, 'NOT_FOUND');
    const ids = (await list(`mpAccountId=${account.accountId}&limit=100`)).json().items.map((item: { id: string }) => item.id);
    expect(ids).not.toContain(limit.id);
    const [row] = await db.select().from(adBudgetLimits).where(eq(adBudgetLimits.id, limit.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    const renewed = await created({ advertId: 600, dailyLimitRub: 900 });
    expect(renewed.id).not.toBe(limit.id);
  });

  it('PATCH changes the given fields with the rules applied to the stored limit; account and campaign stay', async () => {
    const limit = await created({ periodLimitRub: 1000, periodStartDate: '2026-02-01' });
    const changed = await patch(limit.id, { dailyLimitRub: null, onLimitAction: 'reduce_bids' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ...limit, dailyLimitRub: null, onLimitAction: 'reduce_bids', updatedAt: expect.any(String) });
    const empty = expectErrorEnvelope(await patch(limit.id, { periodLimitRub: null }), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(empty.details)).toEqual({ dailyLimitRub: ['atLeastOneLimit'], periodLimitRub: ['atLeastOneLimit'] });
    const fixed = expectErrorEnvelope(await patch(limit.id, { advertId: 1, mpAccountId: account.accountId }), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(fixed.details)).toEqual({ advertId: ['whitelistValidation'], mpAccountId: ['whitelistValidation'] });
    expect((await get(limit.id)).json()).toMatchObject({ dailyLimitRub: null, periodLimitRub: 1000 });
  });

  it('lists the live limits of the account in creation order, in pages', async () => {
    const mpAccountId = await createAccount(t, account.owner.id, 'Список');
    const first = await created({}, mpAccountId);
    const second = await created({}, mpAccountId);
    await created();
    const page = (await list(`mpAccountId=${mpAccountId}&limit=1&page=2`)).json();
    expect(page).toEqual({ items: [second], meta: { total: 2, page: 2, limit: 1, totalPages: 2, hasNext: false, hasPrev: true } });
    expect((await list(`mpAccountId=${mpAccountId}&sortDirection=desc`)).json().items).toEqual([second, first]);
  });

  it('lists only the live limits of the campaigns asked for (advertId repeated, up to 100), whatever page they were created on', async () => {
    const mpAccountId = await createAccount(t, account.owner.id, 'Фильтр');
    const [first, second, third] = [await created({}, mpAccountId), await created({}, mpAccountId), await created({}, mpAccountId)];
    const deleted = await created({}, mpAccountId);
    expect((await remove(deleted.id)).statusCode).toBe(204);
    // The same campaign in another account is not this account's limit.
    await created({ advertId: third.advertId });
    const of = async (...advertIds: unknown[]) =>
      (await list(`mpAccountId=${mpAccountId}&limit=1&${advertIds.map((id) => `advertId=${id}`).join('&')}`)).json();

    expect(await of(third.advertId, first.advertId, deleted.advertId, 999_999)).toEqual({
      items: [first],
      meta: { total: 2, page: 1, limit: 1, totalPages: 2, hasNext: true, hasPrev: false },
    });
    expect((await of(third.advertId)).items).toEqual([third]);
    expect((await of(second.advertId, third.advertId)).meta.total).toBe(2);
    const refused = async (query: string) =>
      fieldErrors(expectErrorEnvelope(await list(`mpAccountId=${mpAccountId}&${query}`), 400, 'VALIDATION_FAILED').details);
    expect(await refused('advertId=1&advertId=0')).toEqual({ advertId: ['min'] });
    expect(await refused('advertId=abc')).toEqual({ advertId: expect.arrayContaining(['isInt']) });
    expect(await refused(Array.from({ length: 101 }, (_, index) => `advertId=${index + 1}`).join('&'))).toEqual({
      advertId: ['arrayMaxSize'],
    });
  });

  it("a foreign account's limits are 404 to every route, like a missing limit", async () => {
    const limit = await created();
    for (const response of [
      await get(limit.id, stranger),
      await patch(limit.id, { dailyLimitRub: 1 }, stranger),
      await remove(limit.id, stranger),
      await list(`mpAccountId=${account.accountId}`, stranger),
      await post(valid(account.accountId, { advertId: 9 }), stranger),
      await t.request({
        method: 'POST',
        url: '/autobidder/budgets/check',
        headers: stranger.auth,
        payload: { mpAccountId: account.accountId },
      }),
      await get('00000000-0000-4000-8000-000000000000'),
    ])
      expectErrorEnvelope(response, 404, 'NOT_FOUND');
    expect((await get(limit.id)).json()).toEqual(limit);
  });

  it('writes create, update and delete to the audit log with the actor and the limit', async () => {
    const mpAccountId = await createAccount(t, account.owner.id, 'Аудит');
    const limit = await created({ advertId: 42 }, mpAccountId);
    expect((await patch(limit.id, { dailyLimitRub: 700 })).statusCode).toBe(200);
    expect((await remove(limit.id)).statusCode).toBe(204);
    const records = await auditRecordsOf(db, mpAccountId);
    expect(records.map((record) => [record.action, record.userId, record.entityType, record.entityId])).toEqual([
      ['autobidder.budget.create', account.owner.id, 'ad-budget-limit', limit.id],
      ['autobidder.budget.update', account.owner.id, 'ad-budget-limit', limit.id],
      ['autobidder.budget.delete', account.owner.id, 'ad-budget-limit', limit.id],
    ]);
    const budget = { advertId: 42, dailyLimitRub: 500, periodLimitRub: null, periodStartDate: null, onLimitAction: 'pause' };
    expect(records[0].details).toEqual({ budget });
    expect(records[1].details).toEqual({ changed: ['dailyLimitRub'], budget: { ...budget, dailyLimitRub: 700 } });
  });
});

describe('the budget check (rules 1-8)', () => {
  /** An account of a fresh emulator seller, whose campaigns the tests store as a sync would. */
  async function adAccount(): Promise<EmulatedAccount & { campaigns: Campaign[] }> {
    const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 16 });
    return { ...account, campaigns: sellerCampaigns(emulator, account) };
  }

  type Owned = Pick<EmulatedAccount, 'accountId' | 'owner'>;

  const limit = async (account: Owned, advertId: number, fields: Record<string, unknown>) => {
    const response = await t.request({
      method: 'POST',
      url: '/autobidder/budgets',
      headers: account.owner.auth,
      payload: { mpAccountId: account.accountId, advertId, ...fields },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };

  const active = (campaigns: Campaign[], index = 0) => campaigns.filter((campaign) => campaign.status === 9)[index];

  it('a limit is reached when the spend equals it: one kopeck less does not trigger (rule 2)', async () => {
    const account = await adAccount();
    const [reached, below] = [active(account.campaigns, 0), active(account.campaigns, 1)];
    await insertSpend(db, account.accountId, reached.id, reached.nms[0].nmId, moscowDay(), 6000);
    await insertSpend(db, account.accountId, reached.id, 1, moscowDay(), 4000);
    await insertSpend(db, account.accountId, below.id, below.nms[0].nmId, moscowDay(), 9999);
    for (const campaign of [reached, below]) await markStatsFetched(db, account.accountId, campaign.id, moscowDay(6), moscowDay());
    const budgetId = await limit(account, reached.id, { dailyLimitRub: 100, onLimitAction: 'pause' });
    const belowId = await limit(account, below.id, { dailyLimitRub: 100, onLimitAction: 'pause' });
    const before = Date.now();
    expect(await checkBudgets(t, account)).toEqual({
      checked: 2,
      triggered: 1,
      items: [
        {
          budgetId,
          advertId: reached.id,
          limitType: 'daily',
          limitRub: 100,
          spendRub: 100,
          action: 'pause',
          spendComplete: true,
          missingDays: [],
          applied: true,
          outcome: 'applied',
          reason: 'Кампания приостановлена на маркетплейсе',
        },
      ],
      incomplete: [],
    });
    // Each limit answers when it was last checked and what the check found.
    for (const [id, reachedAtCheck] of [
      [budgetId, true],
      [belowId, false],
    ] as const) {
      const answered = await t.request({ method: 'GET', url: `/autobidder/budgets/${id}`, headers: account.owner.auth });
      expect(answered.json()).toMatchObject({ reachedAtCheck });
      expect(Date.parse(answered.json().checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('pause pauses the campaign on the marketplace; every triggered limit is recorded (rule 3)', async () => {
    const account = await adAccount();
    const campaign = active(account.campaigns);
    await insertSpend(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 12_345);
    const budgetId = await limit(account, campaign.id, { dailyLimitRub: 100, onLimitAction: 'pause' });
    const result = await checkBudgets(t, account);
    expect(result.items).toEqual([expect.objectContaining({ advertId: campaign.id, spendRub: 123.45, applied: true })]);
    const calls = callsOf(emulator, account.sellerId, 'advert', pause.path);
    expect(calls.map((call) => [call.status, new URL(call.url, emulator.url).searchParams.get('id')])).toEqual([
      [200, String(campaign.id)],
    ]);
    expect(campaign.status).toBe(11);
    const triggers = await db.select().from(adBudgetTriggers).where(eq(adBudgetTriggers.mpAccountId, account.accountId));
    expect(triggers).toEqual([
      expect.objectContaining({
        budgetId,
        advertId: campaign.id,
        limitType: 'daily',
        limitRub: 100,
        spendKopecks: 12_345,
        action: 'pause',
        applied: true,
      }),
    ]);
  });

  it("compares the daily limit with today's spend and the period limit with the spend from its first day to today (rule 1)", async () => {
    const account = await adAccount();
    const campaign = active(account.campaigns);
    const nmId = campaign.nms[0].nmId;
    await insertSpend(db, account.accountId, campaign.id, nmId, moscowDay(0), 20_000);
    await insertSpend(db, account.accountId, campaign.id, nmId, moscowDay(1), 15_000);
    await insertSpend(db, account.accountId, campaign.id, nmId, moscowDay(3), 5_000);
    await insertSpend(db, account.accountId, campaign.id, nmId, moscowDay(4), 900_000);
    const budgetId = await limit(account, campaign.id, {
      dailyLimitRub: 201,
      periodLimitRub: 400,
      periodStartDate: moscowDay(3),
      onLimitAction: 'pause',
    });
    expect((await checkBudgets(t, account)).items).toEqual([
      expect.objectContaining({ budgetId, limitType: 'period', limitRub: 400, spendRub: 400, applied: true }),
    ]);
    await db.update(adBudgetLimits).set({ dailyLimitRub: 200, periodLimitRub: 401 }).where(eq(adBudgetLimits.id, budgetId));
    expect((await checkBudgets(t, account)).items).toEqual([
      // Paused already: the marketplace no longer takes the pause, and the check says so in its words.
      expect.objectContaining({
        budgetId,
        limitType: 'daily',
        limitRub: 200,
        spendRub: 200,
        applied: false,
        reason: 'Маркетплейс не приостановил кампанию: Статус кампании не изменен',
      }),
    ]);
  });

  it('reduce_bids halves every bid on each check while the limit stays reached, and stores the new bids; no bid log (rules 3, 4)', async () => {
    const account = await adAccount();
    const campaign = active(account.campaigns);
    await storeSyncedCampaign(db, account.accountId, campaign, 1000);
    await insertSpend(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 50_000);
    await limit(account, campaign.id, { dailyLimitRub: 500, onLimitAction: 'reduce_bids' });
    const placement = campaign.bidType === 'unified' ? ['combined'] : ['search', 'recommendations'];
    const emulatorBids = () => campaign.nms.flatMap((nm) => [nm.bids.search, nm.bids.recommendations]);

    const first = await checkBudgets(t, account);
    expect(first.items).toEqual([
      expect.objectContaining({ advertId: campaign.id, action: 'reduce_bids', applied: true, reason: 'Ставки кампании снижены вдвое' }),
    ]);
    expect(emulatorBids()).toEqual(emulatorBids().map(() => 500));
    await checkBudgets(t, account);
    expect(emulatorBids()).toEqual(emulatorBids().map(() => 250));
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path).map((call) => call.status)).toEqual([200, 200]);
    const stored = await db.select().from(adCampaignProducts).where(eq(adCampaignProducts.mpAccountId, account.accountId));
    expect(stored.map((row) => row.bids)).toEqual(stored.map(() => Object.fromEntries(placement.map((where) => [where, 250]))));
    expect(await db.select().from(bidLog).where(eq(bidLog.mpAccountId, account.accountId))).toEqual([]);
  });

  it('sends the halved bids of many campaigns in requests of at most 50 campaigns', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 70 });
    const campaigns = sellerCampaigns(emulator, account).filter((campaign) => campaign.status !== 7);
    for (const campaign of campaigns) {
      await storeSyncedCampaign(db, account.accountId, campaign, 800);
      await insertSpend(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 100);
    }
    await db.insert(adBudgetLimits).values(
      campaigns.map((campaign) => ({
        mpAccountId: account.accountId,
        advertId: campaign.id,
        dailyLimitRub: 1,
        onLimitAction: 'reduce_bids' as const,
      })),
    );
    const result = await checkBudgets(t, account);
    expect(result.triggered).toBe(campaigns.length);
    expect(result.items.every((item: { applied: boolean }) => item.applied)).toBe(true);
    // The marketplace refuses a request of more than 50 campaigns: two accepted requests carried them all.
    expect(callsOf(emulator, account.sellerId, 'advert', bids.path).map((call) => call.status)).toEqual([200, 200]);
    expect(campaigns.every((campaign) => campaign.nms.every((nm) => nm.bids.search === 400))).toBe(true);
  });

  it("a halved bid stops at the marketplace's minimum bid, read before the bids are sent", async () => {
    const account = await adAccount();
    const campaign = active(account.campaigns);
    await storeSyncedCampaign(db, account.accountId, campaign, 200);
    await insertSpend(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 100_000);
    await limit(account, campaign.id, { dailyLimitRub: 1000, onLimitAction: 'reduce_bids' });
    expect((await checkBudgets(t, account)).items).toEqual([
      expect.objectContaining({
        applied: true,
        outcome: 'applied',
        reason: 'Ставки кампании снижены вдвое, но не ниже минимальных ставок маркетплейса',
      }),
    ]);
    expect(campaign.nms.every((nm) => nm.bids.search === 150)).toBe(true);
    expect(callsOf(emulator, account.sellerId, 'advert').map((call) => [call.path, call.status])).toEqual([
      [bidsMin.path, 200],
      [bids.path, 200],
    ]);
  });

  it('reduce_bids without bids from a sync is skipped: triggered, not applied, nothing sent (rule 3)', async () => {
    const account = await adAccount();
    const campaign = active(account.campaigns);
    await storeCampaignRow(db, account.accountId, campaign);
    await insertSpend(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 100_000);
    await limit(account, campaign.id, { dailyLimitRub: 1000, onLimitAction: 'reduce_bids' });
    expect(await checkBudgets(t, account)).toMatchObject({
      checked: 1,
      triggered: 1,
      items: [{ advertId: campaign.id, action: 'reduce_bids', applied: false, reason: NO_SYNCED_BIDS }],
    });
    expect(callsOf(emulator, account.sellerId, 'advert')).toEqual([]);
  });

  it('with a rejected key the action does not run, yet the limit counts as triggered with the reason (rule 7)', async () => {
    const owner = await createUser(t);
    const mpAccountId = await createAccount(t, owner.id, 'Чужой ключ', 'not-a-token-of-the-marketplace');
    const account = { accountId: mpAccountId, owner };
    const [first, second] = [123_001, 123_002];
    await insertSpend(db, mpAccountId, first, 1, moscowDay(), 20_000);
    await insertSpend(db, mpAccountId, second, 1, moscowDay(), 20_000);
    await limit(account, first, { dailyLimitRub: 100, onLimitAction: 'pause' });
    await limit(account, second, { dailyLimitRub: 100, onLimitAction: 'pause' });
    const result = await checkBudgets(t, account);
    expect(result).toMatchObject({ checked: 2, triggered: 2 });
    for (const item of result.items) expect(item).toMatchObject({ applied: false, reason: expect.stringContaining('ключ') });
    const triggers = await db.select().from(adBudgetTriggers).where(eq(adBudgetTriggers.mpAccountId, mpAccountId));
    expect(triggers.map((trigger) => [trigger.applied, trigger.reason])).toEqual(
      result.items.map((item: { reason: string }) => [false, item.reason]),
    );
  });

  it("a campaign's daily budget shares the limits' bound: at most 1 000 000 000 roubles", async () => {
    const account = await adAccount();
    const campaign = active(account.campaigns);
    await storeCampaignRow(db, account.accountId, campaign);
    const patch = (dailyBudget: number) =>
      t.request({
        method: 'PATCH',
        url: `/autobidder/campaigns/${campaign.id}`,
        headers: account.owner.auth,
        payload: { mpAccountId: account.accountId, dailyBudget },
      });
    const over = expectErrorEnvelope(await patch(1_000_000_001), 400, 'VALIDATION_FAILED');
    expect(fieldErrors(over.details)).toEqual({ dailyBudget: ['max'] });
    expect(await db.select().from(adBudgetLimits).where(eq(adBudgetLimits.mpAccountId, account.accountId))).toEqual([]);
    const most = await patch(1_000_000_000);
    expect(most.statusCode, most.body).toBe(200);
  });

  it('a deleted limit is not checked', async () => {
    const account = await adAccount();
    const campaign = active(account.campaigns);
    await insertSpend(db, account.accountId, campaign.id, campaign.nms[0].nmId, moscowDay(), 100_000);
    const budgetId = await limit(account, campaign.id, { dailyLimitRub: 1, onLimitAction: 'pause' });
    await t.request({ method: 'DELETE', url: `/autobidder/budgets/${budgetId}`, headers: account.owner.auth });
    expect(await checkBudgets(t, account)).toEqual({ checked: 0, triggered: 0, items: [], incomplete: [] });
    expect(callsOf(emulator, account.sellerId, 'advert')).toEqual([]);
  });
});
