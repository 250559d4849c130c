import { describe, expect, it } from 'vitest';

import {
  BidEvidence,
  bidEvidenceKey,
  BidInputs,
  CampaignFacts,
  decideBids,
  ProductStats,
  productStatsKey,
  StrategyFacts,
  strategyOf,
} from './bid-decisions';

const strategy = (fields: Partial<StrategyFacts> = {}): StrategyFacts => ({
  id: 's1',
  goal: 'cpc',
  targetCpc: 1000,
  minBid: 150,
  maxBid: 100_000,
  campaigns: [],
  isActive: true,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...fields,
});

const campaign = (fields: Partial<CampaignFacts> = {}): CampaignFacts => ({
  advertId: 1,
  name: 'Кампания',
  active: true,
  auto: true,
  strategyId: null,
  raiseBlocked: false,
  products: [{ nmId: 10, name: null, bids: { combined: 1000 } }],
  ...fields,
});

/** The inputs of product 10 of campaign 1: its 7-day statistics and the evidence of its combined bid. */
const statsOf = (stats?: ProductStats, evidence?: BidEvidence, minClicks = 20): BidInputs => ({
  stats: new Map(stats ? [[productStatsKey(1, 10), stats]] : []),
  evidence: new Map(evidence ? [[bidEvidenceKey(1, 10, 'combined'), evidence]] : []),
  minClicks,
});

/** [case, strategy fields, current bid, 7-day statistics, expected bid after, changed] */
const cpcCases: [string, Partial<StrategyFacts>, number, ProductStats | undefined, number, boolean][] = [
  ['actual click price twice the target: halved', {}, 1000, { views: 100, clicks: 10, spendKopecks: 20_000 }, 500, true],
  ['actual four times the target: down by 50 % at most', {}, 1000, { views: 100, clicks: 10, spendKopecks: 40_000 }, 500, true],
  ['actual half the target: up by 50 % at most', {}, 1000, { views: 100, clicks: 10, spendKopecks: 5_000 }, 1500, true],
  ['actual 0.8 of the target: up by a quarter', {}, 1000, { views: 100, clicks: 10, spendKopecks: 8_000 }, 1250, true],
  ['clicks without spend: up by 50 %', {}, 1000, { views: 10, clicks: 2, spendKopecks: 0 }, 1500, true],
  ['actual equals the target: unchanged, skipped', {}, 1000, { views: 100, clicks: 10, spendKopecks: 10_000 }, 1000, false],
  ['no statistics: the target', { targetCpc: 700 }, 1000, undefined, 700, true],
  ['all-zero statistics count as none: the target', { targetCpc: 700 }, 1000, { views: 0, clicks: 0, spendKopecks: 0 }, 700, true],
  ['views without clicks: unchanged', {}, 1000, { views: 500, clicks: 0, spendKopecks: 3_000 }, 1000, false],
  ['clamped to the maximum', { maxBid: 1200 }, 1000, { views: 100, clicks: 10, spendKopecks: 5_000 }, 1200, true],
  ['clamped to the minimum', { minBid: 800 }, 1000, { views: 100, clicks: 10, spendKopecks: 40_000 }, 800, true],
  ['no statistics, target above the maximum: the maximum', { targetCpc: 5000, maxBid: 3000 }, 1000, undefined, 3000, true],
  ['at the maximum and wanting more: unchanged', { maxBid: 1000 }, 1000, { views: 100, clicks: 10, spendKopecks: 5_000 }, 1000, false],
  ['rounded to whole kopecks', {}, 333, { views: 9, clicks: 3, spendKopecks: 2_500 }, 400, true],
  ['the 50 % cap rounds inward', {}, 333, { views: 9, clicks: 3, spendKopecks: 2_000 }, 499, true],
];

describe('decideBids: the CPC goal', () => {
  it.each(cpcCases)('%s', (_name, fields, current, stats, bidAfter, changed) => {
    const [decision] = decideBids(
      [strategy(fields)],
      [campaign({ products: [{ nmId: 10, name: null, bids: { combined: current } }] })],
      statsOf(stats),
    );
    expect(decision).toMatchObject({ bidBefore: current, bidAfter, changed, placement: 'combined', strategyId: 's1' });
  });
});

describe('decideBids: what takes part', () => {
  const twice = { views: 100, clicks: 10, spendKopecks: 20_000 };

  it('DRR and position goals leave the bid', () => {
    for (const goal of ['drr', 'position'] as const) {
      const [decision] = decideBids([strategy({ goal, targetCpc: null })], [campaign()], statsOf(twice));
      expect(decision).toMatchObject({ changed: false, bidAfter: 1000, reason: 'Цель стратегии не пересчитывает ставку' });
    }
  });

  it('a campaign inactive on the marketplace, with Auto off, or without an active strategy is left out', () => {
    expect(decideBids([strategy()], [campaign({ active: false })], statsOf(twice))).toEqual([]);
    expect(decideBids([strategy()], [campaign({ auto: false })], statsOf(twice))).toEqual([]);
    expect(decideBids([strategy({ isActive: false })], [campaign()], statsOf(twice))).toEqual([]);
  });

  it('a product without bid data is skipped with its reason', () => {
    const [decision] = decideBids([strategy()], [campaign({ products: [{ nmId: 10, name: null, bids: null }] })], statsOf(twice));
    expect(decision).toMatchObject({ changed: false, placement: null, bidBefore: null, reason: 'Нет данных о ставке' });
  });

  it('each placement of a manual-bid campaign is decided on its own', () => {
    const decisions = decideBids(
      [strategy()],
      [campaign({ products: [{ nmId: 10, name: null, bids: { search: 1000, recommendations: 400 } }] })],
      statsOf(twice),
    );
    expect(decisions.map((d) => [d.placement, d.bidAfter])).toEqual([
      ['search', 500],
      ['recommendations', 200],
    ]);
  });
});

const twiceTheTarget = { views: 100, clicks: 10, spendKopecks: 20_000 };

/** [case, strategy fields, current bid, 7-day statistics, evidence since the service's change, expected bid, reason] */
const evidenceCases: [string, Partial<StrategyFacts>, number, ProductStats | undefined, BidEvidence, number, string][] = [
  [
    'changed within the 7 days, 19 clicks since: stays, whatever the 7 days say',
    {},
    500,
    twiceTheTarget,
    { clicks: 19, spendKopecks: 100_000 },
    500,
    'После изменения ставки 19 кликов из 20 нужных: ставка не меняется',
  ],
  [
    'no clicks since and no statistics at all: stays, not the target',
    { targetCpc: 700 },
    500,
    undefined,
    { clicks: 0, spendKopecks: 0 },
    500,
    'После изменения ставки 0 кликов из 20 нужных: ставка не меняется',
  ],
  [
    '20 clicks since at half the target: the click price since decides, up 50 %',
    {},
    500,
    twiceTheTarget,
    { clicks: 20, spendKopecks: 10_000 },
    750,
    'Повышение к целевой цене клика 1000 коп. (границы 150–100000 коп.)',
  ],
  [
    '40 clicks since at 1.25 times the target: down a fifth',
    {},
    500,
    undefined,
    { clicks: 40, spendKopecks: 50_000 },
    400,
    'Снижение к целевой цене клика 1000 коп. (границы 150–100000 коп.)',
  ],
  ['clicks since at the target: unchanged', {}, 500, twiceTheTarget, { clicks: 30, spendKopecks: 30_000 }, 500, 'Ставка не изменилась'],
  [
    'waiting at a bid above the maximum: brought to the maximum',
    { maxBid: 400 },
    500,
    undefined,
    { clicks: 3, spendKopecks: 3_000 },
    400,
    'Ставка приведена к границам стратегии (границы 150–400 коп.)',
  ],
];

describe('decideBids: a bid the service changed within the 7 days waits for evidence at the new bid', () => {
  it.each(evidenceCases)('%s', (_name, fields, current, stats, evidence, bidAfter, reason) => {
    const [decision] = decideBids(
      [strategy(fields)],
      [campaign({ products: [{ nmId: 10, name: null, bids: { combined: current } }] })],
      statsOf(stats, evidence),
    );
    expect(decision).toMatchObject({ bidBefore: current, bidAfter, changed: bidAfter !== current, reason });
  });

  it('AUTOBIDDER_MIN_CLICKS sets how many clicks are enough', () => {
    const evidence = { clicks: 5, spendKopecks: 10_000 };
    expect(decideBids([strategy()], [campaign()], statsOf(undefined, evidence, 6))[0].bidAfter).toBe(1000);
    expect(decideBids([strategy()], [campaign()], statsOf(undefined, evidence, 5))[0].bidAfter).toBe(500);
  });

  it("another placement's evidence does not hold this one", () => {
    const inputs = { ...statsOf(twiceTheTarget), evidence: new Map([[bidEvidenceKey(1, 10, 'search'), { clicks: 0, spendKopecks: 0 }]]) };
    expect(decideBids([strategy()], [campaign()], inputs)[0].bidAfter).toBe(500);
  });
});

/** [case, strategy fields, current bid, 7-day statistics, raise blocked, expected bid, reason] */
const boundCases: [string, Partial<StrategyFacts>, number, ProductStats | undefined, boolean, number, string][] = [
  [
    'views without clicks above the maximum: brought down to it',
    { maxBid: 800 },
    1000,
    { views: 500, clicks: 0, spendKopecks: 0 },
    false,
    800,
    'Ставка приведена к границам стратегии (границы 150–800 коп.)',
  ],
  [
    'a DRR goal below the minimum: brought up to it',
    { goal: 'drr', targetCpc: null, minBid: 300 },
    200,
    undefined,
    false,
    300,
    'Ставка приведена к границам стратегии (границы 300–100000 коп.)',
  ],
  [
    'a reached budget limit: no raise toward the target',
    {},
    1000,
    { views: 100, clicks: 10, spendKopecks: 5_000 },
    true,
    1000,
    'Лимит бюджета кампании достигнут по сегодняшней проверке: ставка не повышается',
  ],
  [
    'a reached budget limit: no raise to the target without statistics',
    { targetCpc: 5000 },
    1000,
    undefined,
    true,
    1000,
    'Лимит бюджета кампании достигнут по сегодняшней проверке: ставка не повышается',
  ],
  [
    'a reached budget limit: not even up to the minimum',
    { goal: 'drr', targetCpc: null, minBid: 300 },
    200,
    undefined,
    true,
    200,
    'Лимит бюджета кампании достигнут по сегодняшней проверке: ставка не повышается',
  ],
  [
    'a reached budget limit: lowering goes on',
    {},
    1000,
    twiceTheTarget,
    true,
    500,
    'Снижение к целевой цене клика 1000 коп. (границы 150–100000 коп.)',
  ],
];

describe('decideBids: every bid within the strategy bounds, no raise while a budget limit is reached', () => {
  it.each(boundCases)('%s', (_name, fields, current, stats, raiseBlocked, bidAfter, reason) => {
    const [decision] = decideBids(
      [strategy(fields)],
      [campaign({ raiseBlocked, products: [{ nmId: 10, name: null, bids: { combined: current } }] })],
      statsOf(stats),
    );
    expect(decision).toMatchObject({ bidBefore: current, bidAfter, changed: bidAfter !== current, reason });
  });
});

describe('decideBids: each reason carries the fields its sentence is made of', () => {
  it('a lowering names the target and the bounds; a wait names the clicks since the change and those needed; both their bids', () => {
    const inputs = { ...statsOf(twiceTheTarget), evidence: new Map([[bidEvidenceKey(1, 11, 'combined'), { clicks: 4, spendKopecks: 0 }]]) };
    const products = [
      { nmId: 10, name: 'Кроссовки яркие', bids: { combined: 500 } },
      { nmId: 11, name: null, bids: { combined: 500 } },
    ];
    const [lowered, waiting] = decideBids([strategy()], [campaign({ products })], inputs);
    // Each decision names its product as the catalog does (none for a product the catalog has not synced).
    expect([lowered.productName, waiting.productName]).toEqual(['Кроссовки яркие', null]);
    expect(lowered.reasonFields).toEqual({
      kind: 'lowered',
      before: 500,
      after: lowered.bidAfter,
      target: 1000,
      actual: null,
      minBid: 150,
      maxBid: 100_000,
      refusal: null,
    });
    expect(lowered.bidAfter).toBeLessThan(500);
    expect(waiting.reasonFields).toEqual({
      kind: 'few_clicks',
      before: 500,
      after: 500,
      target: 20,
      actual: 4,
      minBid: null,
      maxBid: null,
      refusal: null,
    });
  });
});

describe('strategyOf', () => {
  const old = strategy({ id: 'old', createdAt: new Date('2026-01-01T00:00:00Z') });
  const young = strategy({ id: 'young', createdAt: new Date('2026-02-01T00:00:00Z') });
  const listing = strategy({ id: 'listing', campaigns: [1], createdAt: new Date('2026-03-01T00:00:00Z') });

  it.each([
    ['its own link', campaign({ strategyId: 'young' }), [old, young, listing], 'young'],
    ['its own link to an inactive strategy: none', campaign({ strategyId: 'gone' }), [old, young], undefined],
    ['a strategy that lists it before one with an empty list', campaign(), [old, listing], 'listing'],
    ['an empty list takes an unlinked campaign: the oldest', campaign(), [young, old], 'old'],
    ['a list that names other campaigns does not take it', campaign({ advertId: 2 }), [listing], undefined],
  ])('%s', (_name, facts, strategies, expected) => {
    expect(strategyOf(facts, strategies)?.id).toBe(expected);
  });
});
