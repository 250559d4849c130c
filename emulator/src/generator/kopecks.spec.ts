import { describe, expect, it } from 'vitest';

import { amountOfKopecks, kopecksOf } from './kopecks';

describe('kopecksOf', () => {
  it.each([
    ['0.00', 0],
    ['', 0],
    ['123.45', 12345],
    ['123.4', 12340],
    ['123', 12300],
    ['-0.05', -5],
    ['-12.30', -1230],
    ['-0', 0],
  ])('%j is %i kopecks', (text, kopecks) => expect(kopecksOf(text)).toBe(kopecks));

  it.each(['1.234', '1,00', 'abc', '1e3', ' 1'])('%j is not an amount', (text) => expect(() => kopecksOf(text)).toThrow());
});

describe('amountOfKopecks', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [12345, '123.45'],
    [-123400, '-1234.00'],
  ])('%i kopecks is %j', (kopecks, text) => expect(amountOfKopecks(kopecks)).toBe(text));

  it('refuses a fraction of a kopeck', () => expect(() => amountOfKopecks(0.5)).toThrow());
});
