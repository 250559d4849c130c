import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { adBudgetLimits, adBudgetTriggers, adProductStats, bidLog, mpSales } from '../src/database/schema';
import { feedRow } from './support/digitization';
import { expectErrorEnvelope } from './support/envelope';
import { connectedSince, createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

/** Long before every window the tests read: their previous windows are whole. */
const CONNECTED = new Date('2020-01-01T00:00:00Z');

const DAY_MS = 86_400_000;
/** Noon UTC of the day `days` days ago: inside the current 7-day window for 0 to 6, the previous one for 7 to 13. */
const daysAgo = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - days * DAY_MS + DAY_MS / 2);
/** The calendar day of that noon, as the statistics keep days. */
const dayOf = (days: number) => daysAgo(days).toISOString().slice(0, 10);

describe('GET /autobidder/summary', () => {
  let t: TestApp;
  let db: Database;
  let owner: TestUser;
  let accountId: string;

  async function stats(days: number, advertId: number, values: { views: number; clicks: number; spendKopecks: number; orders: number }) {
    await db.insert(adProductStats).values({ mpAccountId: accountId, advertId, nmId: 1, day: dayOf(days), orderedKopecks: 0, ...values });
  }

  async function bidChange(days: number): Promise<void> {
    await db.insert(bidLog).values({
      mpAccountId: accountId,
      advertId: 1,
      campaignName: 'Кампания',
      nmId: 1,
      placement: 'combined',
      bidBefore: 1000,
      bidAfter: 500,
      reason: 'Снижение',
      createdAt: daysAgo(days),
    });
  }

  async function trigger(days: number, budgetId: string): Promise<void> {
    await db.insert(adBudgetTriggers).values({
      mpAccountId: accountId,
      budgetId,
      advertId: 1,
      limitType: 'daily',
      limitRub: 100,
      spendKopecks: 10_000,
      action: 'pause',
      applied: true,
      createdAt: daysAgo(days),
    });
  }

  /** An imported sale of the window, at the price the buyer paid. */
  async function sale(days: number, priceWithDisc: string): Promise<void> {
    const row = feedRow(accountId, `srid-${days}`, daysAgo(days), 1, priceWithDisc);
    await db.insert(mpSales).values({ ...row, saleId: `S${days}`, kind: 'sale', paymentSaleAmount: 0, forPay: priceWithDisc });
  }

  const summary = (query: string, auth = owner.auth) =>
    t.request({ method: 'GET', url: `/autobidder/summary?mpAccountId=${accountId}${query}`, headers: auth });

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Database>(DATABASE);
    owner = await createUser(t);
    accountId = await createAccount(t, owner.id);
    await connectedSince(t, accountId, CONNECTED);
    // Current 7 days: 500.50 ₽ for 100 clicks of 2000 views, 5 orders; 3 bid changes, 2 triggers.
    await stats(0, 1, { views: 1000, clicks: 50, spendKopecks: 25_000, orders: 5 });
    await stats(3, 2, { views: 1000, clicks: 50, spendKopecks: 25_050, orders: 0 });
    // Previous 7 days: 100 ₽ for 20 clicks of 1000 views, 1 order; 1 bid change, no trigger.
    await stats(9, 1, { views: 1000, clicks: 20, spendKopecks: 10_000, orders: 1 });
    for (const days of [0, 1, 6, 8]) await bidChange(days);
    const [limit] = await db
      .insert(adBudgetLimits)
      .values({ mpAccountId: accountId, advertId: 1, dailyLimitRub: 100, onLimitAction: 'pause' })
      .returning({ id: adBudgetLimits.id });
    await trigger(0, limit.id);
    await trigger(2, limit.id);
    // Another account's figures do not count.
    const other = await createAccount(t, owner.id, 'Другой');
    await db.insert(adProductStats).values({
      mpAccountId: other,
      advertId: 1,
      nmId: 1,
      day: dayOf(0),
      views: 9,
      clicks: 9,
      spendKopecks: 9,
      orders: 9,
      orderedKopecks: 0,
    });
  });
  afterAll(() => t.close());

  it('7d: spend in roubles, views, clicks, CTR, CPC, orders, bid changes and triggers with their deltas; DRR null without sales', async () => {
    const response = await summary('&period=7d');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      period: '7d',
      currency: 'RUB',
      updatedAt: expect.any(String),
      spend: 500.5,
      spendDelta: 400.5,
      views: 2000,
      viewsDelta: 100,
      clicks: 100,
      clicksDelta: 400,
      ctrPct: 5,
      ctrPctDelta: 150,
      cpc: 5.01,
      cpcDelta: 0.2,
      orders: 5,
      ordersDelta: 400,
      drrPct: null,
      drrPctDelta: null,
      bidChanges: 3,
      bidChangesDelta: 200,
      budgetTriggers: 2,
      budgetTriggersDelta: null,
    });
  });

  it('DRR: spend against the imported sales of the window', async () => {
    await sale(1, '10010.00');
    expect((await summary('&period=7d')).json()).toMatchObject({ drrPct: 5, drrPctDelta: null });
  });

  it('30d by default; a foreign account is 404; a bad period is 400', async () => {
    expect((await summary('')).json()).toMatchObject({ period: '30d', spend: 600.5, views: 3000, bidChanges: 4, spendDelta: null });
    expectErrorEnvelope(await summary('', (await createUser(t)).auth), 404, 'NOT_FOUND');
    expectErrorEnvelope(await summary('&period=1d'), 400, 'VALIDATION_FAILED');
  });
});
