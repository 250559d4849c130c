import { describe, expect, it } from 'vitest';

import { daysAfter, daysBefore } from './moscow-days';

describe('daysBefore', () => {
  it.each([
    ['2026-11-25', 7, '2026-11-18'],
    ['2026-11-25', 30, '2026-10-26'],
    ['2024-03-01', 7, '2024-02-23'],
    ['2025-01-05', 30, '2024-12-06'],
  ] as const)('%s, the last %i days start on %s', (today, days, from) => {
    expect(daysBefore(today, days)).toBe(from);
  });
});

describe('daysAfter', () => {
  it.each([
    ['2026-11-28', 1, '2026-11-29'],
    ['2026-11-28', 14, '2026-12-12'],
    ['2024-02-28', 2, '2024-03-01'],
    ['2026-12-31', -1, '2026-12-30'],
  ] as const)('%s and %i days: %s', (day, days, after) => {
    expect(daysAfter(day, days)).toBe(after);
  });
});
