import { describe, expect, it } from 'vitest';

import { indicatorValue } from './indicator-value';

describe('the value of a KPI card', () => {
  it.each([
    [1234, 'count', '1 234'],
    [0, 'count', '0'],
    [75.5, 'percent', '75,5 %'],
    [500.5, 'roubles', '501 ₽'],
    [12345.4, 'roubles', '12 345 ₽'],
    [12345.4, 'kopecks', '12 345,40 ₽'],
    [-0.29, 'kopecks', '−0,29 ₽'],
    [2.25, 'hours', '2,3 ч'],
    [3, 'hours', '3 ч'],
    [3.667, 'rating', '3,67'],
    [null, 'count', '—'],
    [null, 'rating', '—'],
  ] as const)('%s as %s reads %s', (value, unit, text) => {
    expect(indicatorValue(value, unit).replace(/\u202f/g, ' ')).toBe(text);
  });
});
