import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

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

describe('a period limit counts all the spend of its period', () => {
  it('a period starting 20 days back counts the 21 days of spend from the emulator, kept after one fetch; the check says whether spend is complete', async () => {
    const account = await emulatedAccount(t, emulator, { cards: 20, campaigns: 8 });
    const campaign = sellerCampaigns(emulator, account).find((candidate) => candidate.status === 9)!;
    campaign.createdMs = Date.now() - 60 * DAY_MS;
    // Each product spends (days back + 1) roubles a day: 21 ₽ 20 days back ... 1 ₽ today.
    const days = Array.from({ length: 21 }, (_, ago) => ({ date: moscowDay(ago), views: 100, clicks: 5, sum: ago + 1 }));
    scriptCampaignDays(emulator, account, campaign, days);
    const periodKopecks = campaign.nms.length * days.reduce((sum, day) => sum + day.sum * 100, 0);
    const limit = await t.request({
      method: 'POST',
      url: '/autobidder/budgets',
      headers: account.owner.auth,
      payload: {
        mpAccountId: account.accountId,
        advertId: campaign.id,
        periodLimitRub: periodKopecks / 100,
        periodStartDate: moscowDay(20),
        onLimitAction: 'pause',
      },
    });
    expect(limit.statusCode, limit.body).toBe(201);
    const budgetId = limit.json().id;

    // Nothing synced yet: not reached, and the check says which days it could not count.
    expect(await checkBudgets(t, account)).toMatchObject({
      triggered: 0,
      items: [],
      incomplete: [
        { budgetId, limitType: 'period', spendRub: 0, spendComplete: false, missingDays: [{ from: moscowDay(20), to: moscowDay(0) }] },
      ],
    });

    await syncCampaigns(t, account);
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
    expect(await checkBudgets(t, account)).toMatchObject({
      triggered: 1,
      items: [
        {
          budgetId,
          limitType: 'period',
          spendRub: periodKopecks / 100,
          spendComplete: true,
          missingDays: [],
          applied: true,
          outcome: 'applied',
        },
      ],
      incomplete: [],
    });

    // Kept: the next sync fetches the recent days only.
    await syncCampaigns(t, account);
    expect(statsCallDays(account).slice(2)).toEqual([[moscowDay(6), moscowDay(0)]]);
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
