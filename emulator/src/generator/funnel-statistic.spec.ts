import { describe, expect, it } from 'vitest';

import { dynamic, percent, statisticOf } from './funnel-statistic';

describe('funnel statistic arithmetic', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 100],
    [150, 100, 50],
    [50, 100, -50],
    [1, 3, -67],
  ])('dynamic(%i, %i) = %i %%', (selected, past, expected) => {
    expect(dynamic(selected, past)).toBe(expected);
  });

  it.each([
    [1, 3, 33],
    [2, 3, 67],
    [0, 0, 0],
    [5, 5, 100],
  ])('percent(%i of %i) = %i', (part, whole, expected) => {
    expect(percent(part, whole)).toBe(expected);
  });

  it('a period: whole roubles of the kopeck sums, averages, the share of the seller’s orders, buyouts of the settled orders', () => {
    const money = (count: number, kopecks: number) => ({ count, kopecks });
    const total = {
      openCount: 200,
      cartCount: 20,
      addToWishlist: 6,
      orders: money(4, 1_000_050),
      buyouts: money(2, 500_000),
      cancels: money(1, 250_050),
      club: { orders: money(1, 250_000), buyouts: money(1, 250_000), cancels: money(0, 0) },
    };
    const statistic = statisticOf(total, { start: '2026-06-01', end: '2026-06-07' }, 7, 4_000_200, { days: 1, hours: 2, mins: 3 });
    expect(statistic).toMatchObject({
      orderCount: 4,
      orderSum: 10_001,
      buyoutSum: 5_000,
      cancelSum: 2_501,
      avgPrice: 2_500,
      avgOrdersCountPerDay: 0.57,
      shareOrderPercent: 25,
      conversions: { addToCartPercent: 10, cartToOrderPercent: 20, buyoutPercent: 67 },
      wbClub: { orderCount: 1, orderSum: 2_500, buyoutPercent: 100, avgOrderCountPerDay: 0.14 },
    });
  });
});
