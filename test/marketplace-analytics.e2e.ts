import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { shiftDay } from '../src/common/time/calendar-days';
import { moscowToday } from '../src/common/time/moscow-time';
import { MarketplaceClient } from '../src/marketplace/client/marketplace-client';
import { salesFunnelHistory, salesFunnelProducts, searchTexts } from '../src/marketplace/endpoints/analytics';
import { EmulatedAccount, emulatedAccount, RunningEmulator, startEmulator } from './support/marketplace';
import { startTestApp, TestApp } from './support/test-app';

/** The Moscow date `daysAgo` days before today. */
const day = (daysAgo: number) => shiftDay(moscowToday(new Date()), -daysAgo);

describe('sales funnel and search phrase calls against the emulator', () => {
  let emulator: RunningEmulator;
  let t: TestApp;
  let client: MarketplaceClient;
  let account: EmulatedAccount;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, limits: false });
    t = await startTestApp({ env: { MP_API_BASE_URL: emulator.url, MP_API_RETRY_BASE_MS: '20' } });
    client = t.app.get(MarketplaceClient);
    account = await emulatedAccount(t, emulator, { cards: 20, ordersPerDay: 30, orderDays: 20 });
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });

  const as = () => ({ accountId: account.accountId });

  it('the products, history and search phrase answers fit their definitions', async () => {
    const products = (await client.call(salesFunnelProducts, as(), { selectedPeriod: { start: day(9), end: day(8) }, limit: 5 })).body;
    expect(products.data.products).toHaveLength(5);
    const nmIds = products.data.products.map((row) => row.product.nmId);
    const totalOrders = products.data.products.reduce((sum, row) => sum + row.statistic.selected.orderCount, 0);
    expect(totalOrders).toBeGreaterThan(0);

    const history = (await client.call(salesFunnelHistory, as(), { nmIds, selectedPeriod: { start: day(7), end: day(1) } })).body;
    expect(history.map((item) => item.product.nmId)).toEqual(nmIds);
    expect(history[0].history.map((row) => row.date)).toEqual([7, 6, 5, 4, 3, 2, 1].map(day));

    const texts = (
      await client.call(searchTexts, as(), {
        nmIds: nmIds.slice(0, 2),
        currentPeriod: { start: day(7), end: day(1) },
        topOrderBy: 'openCard',
        orderBy: { field: 'openCard', mode: 'desc' },
        limit: 3,
      })
    ).body;
    expect(texts.data.items.length).toBeGreaterThan(0);
    expect(texts.data.items.length).toBeLessThanOrEqual(6);
  });
});
