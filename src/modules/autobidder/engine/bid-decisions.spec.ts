import { describe, expect, it } from 'vitest';

import { CampaignFacts, decideBids, ProductStats, productStatsKey, StrategyFacts, strategyOf } from './bid-decisions';

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
  products: [{ nmId: 10, bids: { combined: 1000 } }],
  ...fields,
});

const statsOf = (stats?: ProductStats, advertId = 1, nmId = 10) => new Map(stats ? [[productStatsKey(advertId, nmId), stats]] : []);

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
      [campaign({ products: [{ nmId: 10, bids: { combined: current } }] })],
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
    const [decision] = decideBids([strategy()], [campaign({ products: [{ nmId: 10, bids: null }] })], statsOf(twice));
    expect(decision).toMatchObject({ changed: false, placement: null, bidBefore: null, reason: 'Нет данных о ставке' });
  });

  it('each placement of a manual-bid campaign is decided on its own', () => {
    const decisions = decideBids(
      [strategy()],
      [campaign({ products: [{ nmId: 10, bids: { search: 1000, recommendations: 400 } }] })],
      statsOf(twice),
    );
    expect(decisions.map((d) => [d.placement, d.bidAfter])).toEqual([
      ['search', 500],
      ['recommendations', 200],
    ]);
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
