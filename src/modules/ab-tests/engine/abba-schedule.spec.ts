import { describe, expect, it } from 'vitest';

import { abbaCycle, nextVariant } from './abba-schedule';

describe('the ABBA schedule', () => {
  it.each([
    [2, [0, 1, 1, 0]],
    [3, [0, 1, 2, 2, 1, 0]],
    [4, [0, 1, 2, 3, 3, 2, 1, 0]],
    [10, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]],
  ])('%i variants: one cycle is %j', (variants, cycle) => {
    expect(abbaCycle(variants)).toEqual(cycle);
  });

  it.each([
    [2, 0, 0],
    [2, 1, 1],
    [2, 2, 1],
    [2, 3, 0],
    [2, 4, 0],
    [2, 5, 1],
    [3, 3, 2],
    [3, 5, 0],
    [3, 6, 0],
    [3, 7, 1],
    [10, 10, 9],
    [10, 19, 0],
    [10, 21, 1],
  ])('%i variants after %i measured rotations: variant %i next', (variants, done, next) => {
    expect(nextVariant(variants, done)).toBe(next);
  });

  it('every variant is shown equally often over each full cycle, early and late alike', () => {
    for (let variants = 2; variants <= 10; variants++) {
      const cycle = abbaCycle(variants);
      const positions = Array.from({ length: variants }, (_, v) => cycle.flatMap((value, index) => (value === v ? [index] : [])));
      const meanPosition = positions.map((list) => list.reduce((sum, index) => sum + index, 0) / list.length);
      expect(new Set(meanPosition)).toEqual(new Set([(cycle.length - 1) / 2]));
    }
  });

  it('refuses fewer than 2 variants', () => {
    expect(() => nextVariant(1, 0)).toThrow(RangeError);
  });
});
