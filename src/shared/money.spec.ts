import { describe, expect, it } from 'vitest';

import { kopecksOfRoubles, roublesInput } from './money';

describe('bids typed in roubles are kopecks in the API, read with integer arithmetic', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12.50', 1250],
    ['0,29', 29],
    ['1,1', 110],
    ['4,35', 435],
    ['0,01', 1],
    [' 1 200,07 ', 120_007],
    ['999999999,99', 99_999_999_999],
  ])('%j ₽ is %d kopecks', (typed, kopecks) => {
    expect(kopecksOfRoubles(typed)).toBe(kopecks);
  });

  it.each(['', ',5', '12,', '12,345', '-1', '1e3', '12 ₽', 'abc', '1,2,3', '1234567890'])('%j is no amount', (typed) => {
    expect(kopecksOfRoubles(typed)).toBeNull();
  });

  it.each([
    [1200, '12'],
    [1250, '12,50'],
    [1205, '12,05'],
    [29, '0,29'],
  ])('%d kopecks are edited as %j and read back unchanged', (kopecks, typed) => {
    expect(roublesInput(kopecks)).toBe(typed);
    expect(kopecksOfRoubles(typed)).toBe(kopecks);
  });
});
