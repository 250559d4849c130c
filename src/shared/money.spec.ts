import { describe, expect, it } from 'vitest';

import { kopecksOfRoubles, roublesDecimal, roublesInput } from './money';

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

describe('tariffs written in Russian number format are exact two-place decimals', () => {
  it.each([
    ['48', '48.00'],
    ['11,2', '11.20'],
    ['0,14', '0.14'],
    ['0,07', '0.07'],
    ['35.65', '35.65'],
    ['1 039', '1039.00'],
    ['1\u00a0039,5', '1039.50'],
    ['160', '160.00'],
    ['0', '0.00'],
  ])('%j is %s', (written, decimal) => {
    expect(roublesDecimal(written)).toBe(decimal);
  });

  it.each(['-', '', '0,075', '1,2,3', '-5', '12 ₽'])('%j is no rate', (written) => {
    expect(roublesDecimal(written)).toBeNull();
  });
});
