import { describe, expect, it } from 'vitest';

import type { ProductBid } from '../bids-requests';
import { BudgetLimitFacts, CampaignSpend, halvedBids, NO_SYNCED_BIDS, planBudgetCheck } from './budget-check-decisions';

const limit = (fields: Partial<BudgetLimitFacts> = {}): BudgetLimitFacts => ({
  id: 'b1',
  advertId: 1,
  dailyLimitRub: null,
  periodLimitRub: null,
  onLimitAction: 'pause',
  ...fields,
});

const spend = (fields: Partial<CampaignSpend> = {}): CampaignSpend => ({
  todayKopecks: 0,
  periodKopecks: 0,
  missingToday: [],
  missingPeriod: [],
  bids: [{ nmId: 10, placement: 'combined', bidKopecks: 1001 }],
  ...fields,
});

/** [case, limit, spend, triggered limit types] */
const reachCases: [string, Partial<BudgetLimitFacts>, Partial<CampaignSpend>, string[]][] = [
  ['daily: spend equal to the limit is reached', { dailyLimitRub: 500 }, { todayKopecks: 50_000 }, ['daily']],
  ['daily: a kopeck below is not', { dailyLimitRub: 500 }, { todayKopecks: 49_999 }, []],
  ['daily: above is reached', { dailyLimitRub: 500 }, { todayKopecks: 70_000 }, ['daily']],
  ['daily compares today only, not the period', { dailyLimitRub: 500 }, { todayKopecks: 100, periodKopecks: 90_000 }, []],
  ['period compares the spend since its start', { periodLimitRub: 800 }, { todayKopecks: 100, periodKopecks: 80_000 }, ['period']],
  ['period: below is not reached', { periodLimitRub: 800 }, { periodKopecks: 79_999 }, []],
  [
    'both reached: both listed',
    { dailyLimitRub: 100, periodLimitRub: 200 },
    { todayKopecks: 10_000, periodKopecks: 20_000 },
    ['daily', 'period'],
  ],
];

describe('planBudgetCheck: when a limit is reached (rules 1, 2)', () => {
  it.each(reachCases)('%s', (_name, fields, spendFields, types) => {
    const plan = planBudgetCheck([limit(fields)], () => spend(spendFields));
    expect(plan.checked).toBe(1);
    expect(plan.triggered.map((item) => item.limitType)).toEqual(types);
  });
});

describe('planBudgetCheck: the days the spend lacks', () => {
  const gap = [{ from: '2026-03-01', to: '2026-03-05' }];

  it('a reached part carries its missing days; a part not reached with missing days is incomplete, one without is not', () => {
    const plan = planBudgetCheck([limit({ dailyLimitRub: 100, periodLimitRub: 1000 })], () =>
      spend({ todayKopecks: 10_000, periodKopecks: 50_000, missingPeriod: gap }),
    );
    expect(plan.triggered).toEqual([expect.objectContaining({ limitType: 'daily', missingDays: [] })]);
    expect(plan.incomplete).toEqual([expect.objectContaining({ limitType: 'period', spendKopecks: 50_000, missingDays: gap })]);
    const complete = planBudgetCheck([limit({ periodLimitRub: 1000 })], () => spend({ periodKopecks: 50_000 }));
    expect(complete.incomplete).toEqual([]);
  });

  it('a reached part with missing days is reached all the same', () => {
    const plan = planBudgetCheck([limit({ dailyLimitRub: 100 })], () => spend({ todayKopecks: 10_000, missingToday: gap }));
    expect(plan.triggered).toEqual([expect.objectContaining({ limitType: 'daily', missingDays: gap })]);
    expect(plan.actions).toEqual([{ advertId: 1, action: 'pause' }]);
  });
});

describe('planBudgetCheck: what it does (rules 3, 4)', () => {
  it('pause: one pause per campaign, also when two of its limits are reached', () => {
    const plan = planBudgetCheck([limit({ dailyLimitRub: 1, periodLimitRub: 1 })], () => spend({ todayKopecks: 100, periodKopecks: 100 }));
    expect(plan.actions).toEqual([{ advertId: 1, action: 'pause' }]);
  });

  it('reduce_bids: the campaign synced bids go to the halving', () => {
    const bids = [{ nmId: 10, placement: 'search', bidKopecks: 400 }];
    const plan = planBudgetCheck([limit({ dailyLimitRub: 1, onLimitAction: 'reduce_bids' })], () => spend({ todayKopecks: 100, bids }));
    expect(plan.actions).toEqual([{ advertId: 1, action: 'reduce_bids', bids }]);
  });

  it('reduce_bids without bids from a sync is skipped, and the limit still counts as triggered', () => {
    const plan = planBudgetCheck([limit({ dailyLimitRub: 1, onLimitAction: 'reduce_bids' })], () =>
      spend({ todayKopecks: 100, bids: null }),
    );
    expect(plan.triggered).toHaveLength(1);
    expect(plan.actions).toEqual([{ advertId: 1, action: 'skip', reason: NO_SYNCED_BIDS }]);
  });

  it('nothing reached: no action', () => {
    expect(planBudgetCheck([limit({ dailyLimitRub: 1000 })], () => spend()).actions).toEqual([]);
  });
});

/** [case, bid, its minimum, lowered to (null: stays, at its minimum)] */
const halvingCases: [string, number, number | undefined, number | null][] = [
  ['halved, rounded down', 1001, 150, 500],
  ['halved again on the next check', 500, 150, 250],
  ['not below its minimum', 400, 250, 250],
  ['exactly twice the minimum: to the minimum', 500, 250, 250],
  ['at its minimum: stays', 250, 250, null],
  ['below a minimum the marketplace has since raised: stays, never raised', 200, 250, null],
  ['no minimum known: halved, not below 1', 3, undefined, 1],
  ['no minimum known, at 1: stays', 1, undefined, null],
];

describe('halvedBids: rule 3 within the marketplace minimum bids', () => {
  it.each(halvingCases)('%s', (_name, bidKopecks, minimum, lowered) => {
    const bid: ProductBid = { nmId: 10, placement: 'search', bidKopecks };
    const result = halvedBids([bid], () => minimum);
    expect(result).toEqual(
      lowered === null ? { lowered: [], atMinimum: [bid] } : { lowered: [{ ...bid, bidKopecks: lowered }], atMinimum: [] },
    );
  });

  it('takes each bid minimum by its product and placement', () => {
    const bids = [
      { nmId: 10, placement: 'search', bidKopecks: 1000 },
      { nmId: 10, placement: 'recommendations', bidKopecks: 1000 },
    ];
    const minimums: Record<string, number> = { search: 700, recommendations: 150 };
    expect(halvedBids(bids, (bid) => minimums[bid.placement]).lowered.map((bid) => bid.bidKopecks)).toEqual([700, 500]);
  });
});
