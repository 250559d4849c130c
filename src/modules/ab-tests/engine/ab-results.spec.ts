import { describe, expect, it } from 'vitest';

import { abResults, ctrUpliftPct, probabilityOfBest, wilsonInterval } from './ab-results';

const counts = (...pairs: [number, number][]) =>
  pairs.map(([views, clicks], variantIndex) => ({ variantIndex, views, clicks, rotations: 1 }));

describe('the Wilson interval of a CTR at 95 %', () => {
  it.each([
    [0, 0, 0, 1],
    [300, 10_000, 0.02681, 0.03354],
    [0, 100, 0, 0.03699],
    [100, 100, 0.96301, 1],
    [50, 1000, 0.03817, 0.06532],
  ])('%i clicks of %i views: [%f, %f]', (clicks, views, low, high) => {
    const interval = wilsonInterval(clicks, views);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });
});

describe('the probability of being best (Beta posteriors, numeric integration)', () => {
  it.each([
    ['equal counts', counts([10_000, 300], [10_000, 300]), [0.5, 0.5]],
    ['no data', counts([0, 0], [0, 0], [0, 0]), [1 / 3, 1 / 3, 1 / 3]],
    ['a small lead', counts([10_000, 300], [10_000, 330]), [0.11, 0.89]],
    ['a clear lead', counts([10_000, 300], [10_000, 400]), [0.0001, 0.9999]],
    ['three variants', counts([10_000, 300], [10_000, 300], [10_000, 400]), [0.0001, 0.0001, 0.9998]],
    ['uneven views: no data may still be anything', counts([200_000, 6000], [0, 0]), [0.03, 0.97]],
  ])('%s', (_label, input, expected) => {
    const best = probabilityOfBest(input);
    best.forEach((value, index) => expect(value).toBeCloseTo(expected[index], 2));
    expect(best.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 4);
  });

  it('is deterministic', () => {
    const input = counts([12_345, 401], [11_111, 390], [10_001, 350]);
    expect(probabilityOfBest(input)).toEqual(probabilityOfBest(input));
  });
});

describe('the verdict', () => {
  it.each([
    ['a clear winner at the target', counts([10_000, 300], [10_000, 400]), false, 'winner', 1],
    ['a small lead at the target', counts([10_000, 300], [10_000, 330]), false, 'inconclusive', null],
    ['a clear lead before the target', counts([9_999, 300], [10_000, 400]), false, 'collecting', null],
    ['stopped before the target', counts([5_000, 150], [5_000, 250]), true, 'inconclusive', null],
    ['equal at the target', counts([10_000, 300], [10_000, 300], [10_000, 300]), false, 'inconclusive', null],
  ])('%s', (_label, input, stopped, verdict, winnerIndex) => {
    const results = abResults(input, 10_000, stopped);
    expect(results.verdict).toBe(verdict);
    expect(results.winnerIndex).toBe(winnerIndex);
  });

  it('answers CTR, its interval and the probability per variant', () => {
    const [first] = abResults(counts([10_000, 300], [10_000, 400]), 10_000).variants;
    expect(first).toMatchObject({ variantIndex: 0, views: 10_000, clicks: 300, ctr: 0.03 });
    expect(first.ctrInterval.low).toBeLessThan(0.03);
    expect(first.ctrInterval.high).toBeGreaterThan(0.03);
  });

  it('the uplift is the winner over the mean of the others', () => {
    expect(ctrUpliftPct(abResults(counts([10_000, 300], [10_000, 400]), 10_000))).toBeCloseTo(33.33, 2);
    expect(ctrUpliftPct(abResults(counts([10_000, 300], [10_000, 300]), 10_000))).toBeNull();
  });
});
