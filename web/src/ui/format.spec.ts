import { describe, expect, it } from 'vitest';

import { day, moscowDay, ratingText } from './format';

describe('day', () => {
  it.each([
    ['2024-01-29', '29.01.2024'],
    ['2026-11-05', '05.11.2026'],
  ])('%s reads %s', (value, text) => {
    expect(day(value)).toBe(text);
  });
});

describe('moscowDay', () => {
  it.each([
    ['2026-11-05T20:59:59.000Z', '05.11.2026'],
    ['2026-11-05T21:00:00.000Z', '06.11.2026'],
    ['2024-01-28T23:30:00.000Z', '29.01.2024'],
  ])('%s is %s in Moscow', (iso, text) => {
    expect(moscowDay(iso)).toBe(text);
  });
});

describe('ratingText', () => {
  it.each<[number | null, string]>([
    [5, '★★★★★'],
    [2, '★★☆☆☆'],
    [null, 'без оценки'],
  ])('%s', (rating, text) => {
    expect(ratingText(rating)).toBe(text);
  });
});
