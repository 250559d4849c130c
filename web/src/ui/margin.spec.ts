import { describe, expect, it } from 'vitest';

import { margin, marginText } from './margin';

describe('margin', () => {
  it.each([
    ['a price above the cost', 1000, 750, { roubles: 250, percent: 25 }],
    ['kopecks counted whole, not through floats', 0.3, 0.1, { roubles: 0.2, percent: (20 / 30) * 100 }],
    ['a cost above the price', 250, 262.5, { roubles: -12.5, percent: -5 }],
    ['a cost of zero', 990, 0, { roubles: 990, percent: 100 }],
  ])('of %s', (_, price, cost, expected) => {
    expect(margin(price, cost)).toEqual(expected);
  });

  it.each([
    ['no price', null, 100],
    ['no cost price', 1000, null],
    ['a price of zero', 0, 100],
  ])('is none with %s', (_, price, cost) => {
    expect(margin(price, cost)).toBeNull();
  });
});

describe('marginText', () => {
  it.each([
    [{ roubles: 250, percent: 25 }, '250 ₽ · 25 %'],
    [{ roubles: 1234.5, percent: 12.345 }, '1\u202f234,50 ₽ · 12,3 %'],
    [{ roubles: -12.5, percent: -5 }, '\u221212,50 ₽ · \u22125 %'],
    [null, '—'],
  ])('shows %j as «%s»', (value, text) => {
    expect(marginText(value)).toBe(text);
  });
});
