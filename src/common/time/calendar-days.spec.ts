import { describe, expect, it } from 'vitest';

import { daysBetween, isoWeekday, shiftDay } from './calendar-days';

describe('shiftDay', () => {
  it.each([
    ['2026-03-01', -1, '2026-02-28'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-31', -31, '2026-02-28'],
  ])('%s %i days: %s', (day, days, expected) => {
    expect(shiftDay(day, days)).toBe(expected);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2026-02-28', '2026-03-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-03-10', '2026-03-01', -9],
    ['2026-03-10', '2026-03-10', 0],
  ])('%s to %s: %i', (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });
});

describe('isoWeekday', () => {
  it.each([
    ['2026-12-07', 1],
    ['2026-12-12', 6],
    ['2026-12-13', 7],
    ['2024-02-29', 4],
  ])('%s: %i', (day, expected) => {
    expect(isoWeekday(day)).toBe(expected);
  });
});
