import { describe, expect, it } from 'vitest';

import { countPerDay, windowDays } from './price-changes-per-day';

describe('price changes per day of a KPI window', () => {
  it.each([
    ['7d', '2026-11-21T19:05:00Z', '2026-11-15', '2026-11-21', 7],
    ['7d', '2026-03-01T00:00:00Z', '2026-02-23', '2026-03-01', 7],
    ['30d', '2026-03-01T23:59:59Z', '2026-01-31', '2026-03-01', 30],
  ] as const)('%s at %s spans %s..%s, %d days', (period, now, first, last, length) => {
    const days = windowDays(period, new Date(now));
    expect(days).toHaveLength(length);
    expect([days[0], days.at(-1)]).toEqual([first, last]);
    expect(new Set(days).size).toBe(length);
  });

  const days = ['2026-11-19', '2026-11-20', '2026-11-21'];

  it('counts the changes of each UTC day, zero where there were none, and ignores those outside the window', () => {
    const changes = [
      { createdAt: '2026-11-21T23:59:59.999Z' },
      { createdAt: '2026-11-21T00:00:00Z' },
      { createdAt: '2026-11-19T12:00:00Z' },
      { createdAt: '2026-11-18T23:59:59Z' },
    ];
    expect(countPerDay(changes, days, true)).toEqual([
      { day: '2026-11-19', count: 1 },
      { day: '2026-11-20', count: 0 },
      { day: '2026-11-21', count: 2 },
    ]);
  });

  it('no changes at all are zeros', () => {
    expect(countPerDay([], days, true).map((day) => day.count)).toEqual([0, 0, 0]);
  });

  it('a read cut short leaves the day it stopped in and the days before it unknown', () => {
    const changes = [{ createdAt: '2026-11-21T10:00:00Z' }, { createdAt: '2026-11-20T10:00:00Z' }];
    expect(countPerDay(changes, days, false)).toEqual([
      { day: '2026-11-19', count: null },
      { day: '2026-11-20', count: null },
      { day: '2026-11-21', count: 1 },
    ]);
  });
});
