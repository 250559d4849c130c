import { describe, expect, it } from 'vitest';

import { pulseCells } from './pulse-cells';
import type { PulseCells } from './rnp-queries';

/** Columns of two periods: every figure null but the ones given. */
function columns(given: Partial<PulseCells>): PulseCells {
  const nulls = [null, null];
  return {
    period: ['2026-12-03', '2026-12-04'],
    days: [1, 1],
    opens: nulls,
    cartAdds: nulls,
    ordersQty: nulls,
    ordersSum: nulls,
    buyoutsQty: nulls,
    buyoutsSum: nulls,
    cancelsQty: nulls,
    cancelsSum: nulls,
    addToCartPct: nulls,
    cartToOrderPct: nulls,
    buyoutPct: nulls,
    adSpend: nulls,
    adViews: nulls,
    adClicks: nulls,
    ctrPct: nulls,
    cpc: nulls,
    drrPct: nulls,
    price: nulls,
    stock: nulls,
    daysOfCover: nulls,
    rating: nulls,
    feedbacks: nulls,
    badReviews: nulls,
    planOrders: nulls,
    planCompletionPct: nulls,
    ordersSource: nulls,
    flags: [[], []],
    hasFunnel: [false, false],
    hasAds: [false, false],
    hasPrice: [false, false],
    hasStock: [false, false],
    version: [0, 0],
    ...given,
  };
}

describe('a SKU’s cells from the matrix’s columns', () => {
  it('reads element i of every column as the i-th period’s cell', () => {
    const cells = pulseCells(
      columns({
        ordersQty: [null, 2],
        ordersSum: [null, 2000],
        buyoutPct: [40, null],
        adSpend: [0, 300.5],
        drrPct: [null, 15.03],
        price: [900, 1080],
        stock: [null, 5],
        daysOfCover: [null, 5],
        planOrders: [10, 10],
        planCompletionPct: [null, 20],
        flags: [[], ['oos_risk', 'below_plan']],
        hasFunnel: [true, false],
        hasAds: [true, true],
        hasPrice: [false, true],
        hasStock: [false, true],
      }),
    );
    expect(cells).toEqual([
      {
        period: '2026-12-03',
        ordersQty: null,
        ordersSum: null,
        buyoutPct: 40,
        adSpend: 0,
        drrPct: null,
        price: 900,
        stock: null,
        daysOfCover: null,
        planOrders: 10,
        planCompletionPct: null,
        flags: [],
        completeness: { funnel: true, ads: true, price: false, stock: false },
      },
      {
        period: '2026-12-04',
        ordersQty: 2,
        ordersSum: 2000,
        buyoutPct: null,
        adSpend: 300.5,
        drrPct: 15.03,
        price: 1080,
        stock: 5,
        daysOfCover: 5,
        planOrders: 10,
        planCompletionPct: 20,
        flags: ['oos_risk', 'below_plan'],
        completeness: { funnel: false, ads: true, price: true, stock: true },
      },
    ]);
  });

  it('a SKU of no periods has no cells', () => {
    expect(pulseCells(columns({ period: [] }))).toEqual([]);
  });
});
