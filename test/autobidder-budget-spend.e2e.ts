import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { Campaign } from '../emulator/src/generator/campaigns';
import { DAY_MS } from '../emulator/src/moscow-time';
import type { Database } from '../src/database/database.tokens';
import { adStatsCoverage } from '../src/database/schema/autobidder';
import { fullstats } from '../src/marketplace/endpoints/advert';
import { checkBudgets, moscowDay, scriptCampaignDays, sellerCampaigns, syncCampaigns } from './support/ad-campaigns';
import { auditRecordsOf } from './support/audit-records';
import { callsOf, EmulatedAccount, emulatedAccount, emulatedServiceForFile, RunningEmulator } from './support/marketplace';
import type { TestApp } from './support/test-app';

let emulator: RunningEmulator;
let t: TestApp;
let db: Database;

// The statistics call's 1 per 20 s scaled down: a sync's recent and older calls follow each other quickly.
emulatedServiceForFile((service) => ({ emulator, t, db } = service), { MP_API_RATE_WINDOW_PERCENT: '1' });

/** The days (beginDate, endDate) of the account's statistics calls, in the order made. */
function statsCallDays(account: EmulatedAccount): [string | null, string | null][] {
  return callsOf(emulator, account.sellerId, 'advert', fullstats.path).map((call) => {
    const query = new URL(call.url, emulator.url).searchParams;
    return [query.get('beginDate'), query.get('endDate')];
  });
}

/** A fresh seller's active campaign, created 60 days ago, whose products each spend (days back + 1) roubles a day over the last 21 days. */
async function spendingCampaign(): Promise<{ account: EmulatedAccount; campaign: Campaign; periodKopecks: number }> {
  const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 8 });
  const campaign = sellerCampaigns(emulator, account).find((candidate) => candidate.status === 9)!;
  campaign.createdMs = Date.now() - 60 * DAY_MS;
  const days = Array.from({ length: 21 }, (_, ago) => ({ date: moscowDay(ago), views: 100, clicks: 5, sum: ago + 1 }));
  scriptCampaignDays(emulator, account, campaign, days);
  return { account, campaign, periodKopecks: campaign.nms.length * days.reduce((sum, day) => sum + day.sum * 100, 0) };
}

/** A period limit of the campaign from 20 days back, of `limitRub`, that pauses it. */
async function periodLimit(account: EmulatedAccount, campaign: Campaign, limitRub: number): Promise<string> {
  const limit = await t.request({
    method: 'POST',
    url: '/autobidder/budgets',
    headers: account.owner.auth,
    payload: {
      mpAccountId: account.accountId,
      advertId: campaign.id,
      periodLimitRub: limitRub,
      periodStartDate: moscowDay(20),
      onLimitAction: 'pause',
    },
  });
  expect(limit.statusCode, limit.body).toBe(201);
  return limit.json().id;
}

describe('a period limit counts all the spend of its period', () => {
  it('a period starting 20 days back counts the spend of its 21 days from the emulator, fetched once and kept', async () => {
    const { account, campaign, periodKopecks } = await spendingCampaign();
    const budgetId = await periodLimit(account, campaign, periodKopecks / 100);
    await syncCampaigns(t, account);
    expect((await checkBudgets(t, account)).items).toEqual([
      expect.objectContaining({ budgetId, limitType: 'period', spendRub: periodKopecks / 100, applied: true }),
    ]);
    // The recent 7 days, then one call of 31 days back from the day before them.
    expect(statsCallDays(account)).toEqual([
      [moscowDay(6), moscowDay(0)],
      [moscowDay(37), moscowDay(7)],
    ]);
    const [coverage] = await db
      .select()
      .from(adStatsCoverage)
      .where(and(eq(adStatsCoverage.mpAccountId, account.accountId), eq(adStatsCoverage.advertId, campaign.id)));
    expect(coverage).toMatchObject({ fromDay: moscowDay(37), toDay: moscowDay(0) });
    // Kept: the next sync fetches the recent days only.
    await syncCampaigns(t, account);
    expect(statsCallDays(account).slice(2)).toEqual([[moscowDay(6), moscowDay(0)]]);
  }, 90_000);

  it('the check says whether it counted every day of a limit: spendComplete, the missing days, the parts not reached that lack days', async () => {
    const { account, campaign, periodKopecks } = await spendingCampaign();
    const budgetId = await periodLimit(account, campaign, periodKopecks / 100);
    expect(await checkBudgets(t, account)).toMatchObject({
      triggered: 0,
      items: [],
      incomplete: [
        { budgetId, limitType: 'period', spendRub: 0, spendComplete: false, missingDays: [{ from: moscowDay(20), to: moscowDay(0) }] },
      ],
    });
    await syncCampaigns(t, account);
    expect(await checkBudgets(t, account)).toMatchObject({
      triggered: 1,
      items: [{ budgetId, spendComplete: true, missingDays: [], outcome: 'applied' }],
      incomplete: [],
    });
  });

  it('audits the check with the user, the limits found reached and what their actions did', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 8 });
    const campaign = sellerCampaigns(emulator, account).find((candidate) => candidate.status === 9)!;
    scriptCampaignDays(emulator, account, campaign, [{ date: moscowDay(0), views: 100, clicks: 5, sum: 50 }]);
    await syncCampaigns(t, account);
    const limit = await t.request({
      method: 'POST',
      url: '/autobidder/budgets',
      headers: account.owner.auth,
      payload: { mpAccountId: account.accountId, advertId: campaign.id, dailyLimitRub: 1, onLimitAction: 'pause' },
    });
    const result = await checkBudgets(t, account);
    const [audit] = (await auditRecordsOf(db, account.accountId)).filter((record) => record.action === 'autobidder.budget.check');
    expect(audit).toMatchObject({
      userId: account.owner.id,
      details: {
        checked: 1,
        triggered: [
          {
            budgetId: limit.json().id,
            advertId: campaign.id,
            limitType: 'daily',
            limitRub: 1,
            spendKopecks: result.items[0].spendRub * 100,
          },
        ],
        actions: [{ advertId: campaign.id, action: 'pause', outcome: 'applied', reason: 'Кампания приостановлена на маркетплейсе' }],
      },
    });
  });
});
