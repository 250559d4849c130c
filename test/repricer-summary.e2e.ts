import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE, Database } from '../src/database/database.tokens';
import { priceHistory, repricerRuns } from '../src/database/schema';
import { expectErrorEnvelope } from './support/envelope';
import { connectedSince, createAccount, createUser, TestUser } from './support/identity';
import { startTestApp, TestApp } from './support/test-app';

/** Long before every window the tests read: their previous windows are whole. */
const CONNECTED = new Date('2020-01-01T00:00:00Z');

const DAY_MS = 86_400_000;
/** Noon UTC of the day `days` days ago (today's noon may still be ahead: it is inside the current window all the same). */
const daysAgo = (days: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - days * DAY_MS + DAY_MS / 2);

describe('GET /repricer/summary', () => {
  let t: TestApp;
  let db: Database;
  let owner: TestUser;
  let accountId: string;

  async function run(at: Date, outcome: 'success' | 'no_changes' | 'error', changes: [number, number, number][]): Promise<void> {
    const [row] = await db
      .insert(repricerRuns)
      .values({ mpAccountId: accountId, trigger: 'manual', outcome, changed: changes.length, startedAt: at, finishedAt: at })
      .returning({ id: repricerRuns.id });
    for (const [nmId, oldPrice, newPrice] of changes) {
      await db
        .insert(priceHistory)
        .values({ mpAccountId: accountId, nmId, oldPrice, newPrice, source: 'repricer', repricerRunId: row.id, createdAt: at });
    }
  }

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get<Database>(DATABASE);
    owner = await createUser(t);
    accountId = await createAccount(t, owner.id);
    await connectedSince(t, accountId, CONNECTED);
    // Current 7 days: 3 runs (one error), 3 price changes of 2 products: +10 %, -20 %, +40 %.
    await run(daysAgo(0), 'success', [
      [1, 1000, 1100],
      [2, 500, 400],
    ]);
    await run(daysAgo(3), 'error', []);
    await run(daysAgo(5), 'success', [[1, 1100, 1540]]);
    // Previous 7 days: 1 run with 1 change of +10 %, no errors.
    await run(daysAgo(9), 'success', [[1, 900, 990]]);
    // Manual changes do not count.
    await db
      .insert(priceHistory)
      .values({ mpAccountId: accountId, nmId: 3, oldPrice: 100, newPrice: 200, source: 'manual', createdAt: daysAgo(1) });
  });
  afterAll(() => t.close());

  it('7d: runs, error runs, prices changed, products covered and average change, each with its delta (null against 0)', async () => {
    const response = await t.request({ method: 'GET', url: `/repricer/summary?mpAccountId=${accountId}&period=7d`, headers: owner.auth });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      period: '7d',
      currency: 'RUB',
      updatedAt: expect.any(String),
      runs: 3,
      runsDelta: 200,
      errorRuns: 1,
      errorRunsDelta: null,
      pricesChanged: 3,
      pricesChangedDelta: 200,
      productsCovered: 2,
      productsCoveredDelta: 100,
      avgChangePct: 10,
      avgChangePctDelta: 0,
    });
  });

  it('series=daily adds the indicators of each UTC day of the window, oldest first', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/repricer/summary?mpAccountId=${accountId}&period=7d&series=daily`,
      headers: owner.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { days, runs } = response.json() as { runs: number; days: { day: string; runs: number; pricesChanged: number }[] };
    expect(runs).toBe(3);
    expect(days.map((day) => day.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => daysAgo(n).toISOString().slice(0, 10)));
    expect(days.map((day) => [day.runs, day.pricesChanged])).toEqual([
      [0, 0],
      [1, 1],
      [0, 0],
      [1, 0],
      [0, 0],
      [0, 0],
      [1, 2],
    ]);
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/repricer/summary?mpAccountId=${accountId}&series=weekly`, headers: owner.auth }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('30d by default; a foreign account is 404; a bad period is 400', async () => {
    expect(
      (await t.request({ method: 'GET', url: `/repricer/summary?mpAccountId=${accountId}`, headers: owner.auth })).json(),
    ).toMatchObject({ period: '30d', runs: 4, pricesChanged: 4, runsDelta: null });
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/repricer/summary?mpAccountId=${accountId}`, headers: (await createUser(t)).auth }),
      404,
      'NOT_FOUND',
    );
    expectErrorEnvelope(
      await t.request({ method: 'GET', url: `/repricer/summary?mpAccountId=${accountId}&period=1d`, headers: owner.auth }),
      400,
      'VALIDATION_FAILED',
    );
  });
});
