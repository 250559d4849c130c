import { describe, expect, it } from 'vitest';

import { BudgetLimitFacts, CampaignSpend, NO_SYNCED_BIDS, planBudgetCheck } from './budget-check-decisions';

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
  bids: [{ nmId: 10, placement: 'combined', bidKopecks: 1001 }],
  minBidKopecks: null,
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

describe('planBudgetCheck: what it does (rules 3, 4)', () => {
  it('pause: one pause per campaign, also when two of its limits are reached', () => {
    const plan = planBudgetCheck([limit({ dailyLimitRub: 1, periodLimitRub: 1 })], () => spend({ todayKopecks: 100, periodKopecks: 100 }));
    expect(plan.actions).toEqual([{ advertId: 1, action: 'pause' }]);
  });

  it('reduce_bids halves every bid, rounding down; the next check halves the result again', () => {
    const reduce = limit({ dailyLimitRub: 1, onLimitAction: 'reduce_bids' });
    const first = planBudgetCheck([reduce], () => spend({ todayKopecks: 100 }));
    expect(first.actions).toEqual([{ advertId: 1, action: 'reduce_bids', bids: [{ nmId: 10, placement: 'combined', bidKopecks: 500 }] }]);
    const second = planBudgetCheck([reduce], () =>
      spend({ todayKopecks: 100, bids: [{ nmId: 10, placement: 'combined', bidKopecks: 500 }] }),
    );
    expect(second.actions).toEqual([{ advertId: 1, action: 'reduce_bids', bids: [{ nmId: 10, placement: 'combined', bidKopecks: 250 }] }]);
  });

  it('reduce_bids never goes below the campaign minimum bid', () => {
    const plan = planBudgetCheck([limit({ dailyLimitRub: 1, onLimitAction: 'reduce_bids' })], () =>
      spend({ todayKopecks: 100, bids: [{ nmId: 10, placement: 'search', bidKopecks: 400 }], minBidKopecks: 250 }),
    );
    expect(plan.actions).toEqual([{ advertId: 1, action: 'reduce_bids', bids: [{ nmId: 10, placement: 'search', bidKopecks: 250 }] }]);
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
