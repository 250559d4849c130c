import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import type { Database } from '../src/database/database.tokens';
import { rnpDailyRows, rnpDailyRowVersions } from '../src/database/schema';
import { salesFunnelHistory, salesFunnelProducts } from '../src/marketplace/endpoints/analytics';
import {
  ARRIVAL_JITTER_MS,
  busiestWindow,
  callsOf,
  emulatedAccount,
  emulatedServiceForFile,
  injectFaults,
  RunningEmulator,
} from './support/marketplace';
import { insertProducts, sellerNmIds } from './support/pricing-catalog';
import { pulseRefreshed } from './support/rnp-pulse';
import type { TestApp } from './support/test-app';

let t: TestApp;
let db: Database;
let emulator: RunningEmulator;

// Rate windows at 2 %: the funnel calls' 3 a minute come as 3 in 1.2 s.
const RATE_PERCENT = 2;
const SCALED_MINUTE_MS = (60_000 * RATE_PERCENT) / 100;
/** The funnel calls' burst (analytics.json: 3 a minute, burst 3). */
const BURST = 3;
emulatedServiceForFile((service) => ({ t, db, emulator } = service), { MP_API_RATE_WINDOW_PERCENT: String(RATE_PERCENT) });

const TODAY = moscowToday(new Date());

/** An emulator seller with `cards` cards, all in the account's catalog, and a pulse list of the first `listed` of them. */
async function pulseAccount(cards: number, listed: number) {
  const account = await emulatedAccount(t, emulator, { cards });
  const seller = emulator.context.sellers.get(account.sellerId)!;
  const nmIds = sellerNmIds(seller.catalog.nmIdBase, cards);
  await insertProducts(db, account.accountId, nmIds);
  const list = await t.request({
    method: 'POST',
    url: '/rnp/product-lists',
    headers: account.owner.auth,
    payload: { mpAccountId: account.accountId, name: 'Пульс' },
  });
  const items = nmIds.slice(0, listed).map((nmId) => ({ nmId, status: 'monitoring' }));
  const added = await t.request({
    method: 'POST',
    url: `/rnp/product-lists/${list.json().id}/items`,
    headers: account.owner.auth,
    payload: { items },
  });
  expect(added.statusCode, added.body).toBe(200);
  return { ...account, nmIds };
}

const rowsOf = (accountId: string, day: string) =>
  db
    .select()
    .from(rnpDailyRows)
    .where(and(eq(rnpDailyRows.mpAccountId, accountId), eq(rnpDailyRows.day, day)))
    .orderBy(rnpDailyRows.nmId);

describe('pulse refresh from the sales funnel', () => {
  it('a revision of day −2 updates its rows with a new version and keeps the figures it replaced', async () => {
    const account = await pulseAccount(30, 30);
    const day = shiftDay(TODAY, -2);
    const first = await pulseRefreshed(t, account.owner.auth, { mpAccountId: account.accountId, dateFrom: day, dateTo: day });
    expect(first.state, JSON.stringify(first)).toBe('completed');
    const before = await rowsOf(account.accountId, day);
    expect(before).toHaveLength(30);
    expect(before.every((row) => row.version === 1 && row.ordersSource === 'funnel')).toBe(true);
    expect(before.reduce((total, row) => total + row.ordersQty!, 0)).toBeGreaterThan(0);

    // The marketplace a day later: day −2 is day −3 to it, and more of its orders have reached the funnel.
    const clock = await fetch(`${emulator.url}/__emulator/sellers/${account.sellerId}/funnel-clock`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ daysAhead: 1 }),
    });
    expect(clock.status).toBe(200);
    const second = await pulseRefreshed(t, account.owner.auth, { mpAccountId: account.accountId, dateFrom: day, dateTo: day });
    expect(second.state, JSON.stringify(second)).toBe('completed');
    const after = await rowsOf(account.accountId, day);
    const revised = after.filter((row) => row.version === 2);
    expect(revised.length).toBeGreaterThan(0);
    expect(second.result).toMatchObject({ counts: { revisedRows: revised.length } });
    const versions = await db.select().from(rnpDailyRowVersions).where(eq(rnpDailyRowVersions.mpAccountId, account.accountId));
    expect(versions.map((version) => version.nmId).sort()).toEqual(revised.map((row) => row.nmId).sort());
    for (const row of revised) {
      const previous = before.find((each) => each.nmId === row.nmId)!;
      const kept = versions.find((version) => version.nmId === row.nmId)!;
      expect(kept).toMatchObject({ version: 1, day, ordersQty: previous.ordersQty, ordersSum: previous.ordersSum, opens: previous.opens });
      expect(row.ordersQty! >= previous.ordersQty!).toBe(true);
    }
    // Unchanged rows keep version 1 and no version of theirs is kept.
    expect(after.filter((row) => row.version === 1)).toHaveLength(30 - revised.length);
    const matrix = await t.request({
      method: 'GET',
      url: `/rnp/analytics?mpAccountId=${account.accountId}&nmIds=${revised[0].nmId}&dateFrom=${day}&dateTo=${day}`,
      headers: account.owner.auth,
    });
    expect(matrix.json().items[0].cells).toMatchObject({ version: [2], ordersQty: [revised[0].ordersQty], hasFunnel: [true] });
  }, 60_000);

  it('1 000 list items: the history call 20 cards at a time within its 3 a minute, going on after a 429', async () => {
    const account = await pulseAccount(1000, 1000);
    const day = shiftDay(TODAY, -1);
    injectFaults(emulator, [{ scope: 'analytics', path: salesFunnelHistory.path, status: 429, times: 1 }]);
    const status = await pulseRefreshed(t, account.owner.auth, { mpAccountId: account.accountId, dateFrom: day, dateTo: day }, 120_000);
    expect(status.state, JSON.stringify(status)).toBe('completed');
    const history = callsOf(emulator, account.sellerId, 'analytics', salesFunnelHistory.path);
    expect(history.map((call) => call.status)).toEqual([429, ...Array<number>(50).fill(200)]);
    // Each card asked for once in an answered call, in order; the rejected call's cards asked again next.
    const asked = (call: (typeof history)[number]) => (call.body as { nmIds: number[] }).nmIds;
    expect(history.slice(1).flatMap(asked)).toEqual(account.nmIds);
    expect(asked(history[0])).toEqual(account.nmIds.slice(0, 20));
    // A bucket of 3 refilled at 3 a (scaled) minute: at most its 3 and the 3 it refills in any minute, and over the whole
    // run no faster than a token each 20 (scaled) seconds after the first burst.
    expect(busiestWindow(history, SCALED_MINUTE_MS)).toBeLessThanOrEqual(6);
    const spanMs = history[history.length - 1].atMs - history[0].atMs;
    expect(spanMs).toBeGreaterThanOrEqual((history.length - 1 - BURST) * (SCALED_MINUTE_MS / 3) - ARRIVAL_JITTER_MS);
    // The products call: every card's day in one page of 1000 and the empty page after it.
    expect(callsOf(emulator, account.sellerId, 'analytics', salesFunnelProducts.path).map((call) => call.status)).toEqual([200, 200]);
    const rows = await rowsOf(account.accountId, day);
    expect(rows).toHaveLength(1000);
    expect(rows.every((row) => row.version >= 1 && row.ordersSource === 'funnel')).toBe(true);
    expect(status.result).toMatchObject({ counts: { historyCalls: 50 } });
  }, 150_000);
});
