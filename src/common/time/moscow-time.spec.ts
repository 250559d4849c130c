import { describe, expect, it } from 'vitest';

import { marketplaceInstant, moscowToday, nextMoscowMidnight } from './moscow-time';

describe('marketplaceInstant', () => {
  it.each([
    ['2024-08-16T11:19:05Z', '2024-08-16T11:19:05.000Z'],
    ['2024-08-16T11:19:05+03:00', '2024-08-16T08:19:05.000Z'],
    ['2024-08-16T11:19:05.5-02:00', '2024-08-16T13:19:05.500Z'],
    // Without a zone: Moscow time.
    ['2024-08-16T11:19:05', '2024-08-16T08:19:05.000Z'],
    ['2024-01-01T00:30:00', '2023-12-31T21:30:00.000Z'],
  ])('%s is %s', (text, instant) => {
    expect(marketplaceInstant(text)).toBe(instant);
  });
});

describe('moscowToday', () => {
  it('is the Moscow day: 21:30 UTC is already tomorrow', () => {
    expect(moscowToday(new Date('2026-03-01T21:30:00Z'))).toBe('2026-03-02');
    expect(moscowToday(new Date('2026-03-01T20:59:59Z'))).toBe('2026-03-01');
  });
});

describe('nextMoscowMidnight', () => {
  it.each([
    ['2026-03-01T20:59:59.999Z', '2026-03-01T21:00:00.000Z'],
    ['2026-03-01T21:00:00.000Z', '2026-03-02T21:00:00.000Z'],
    ['2026-03-01T09:00:00.000Z', '2026-03-01T21:00:00.000Z'],
    ['2026-12-31T22:00:00.000Z', '2027-01-01T21:00:00.000Z'],
    ['2028-02-28T21:00:00.000Z', '2028-02-29T21:00:00.000Z'],
  ])('after %s is %s', (now, midnight) => {
    expect(nextMoscowMidnight(new Date(now)).toISOString()).toBe(midnight);
  });
});
