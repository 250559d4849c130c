import { describe, expect, it } from 'vitest';

import { rangePeriods } from './pulse-series';

describe('periods of a range', () => {
  it.each([
    ['days', '2026-11-29', '2026-12-01', 'day' as const, ['2026-11-29', '2026-11-30', '2026-12-01'], [1, 1, 1]],
    // 2026-11-29 is a Sunday: its week began on Monday 2026-11-23.
    [
      'weeks from Monday, cut by the range',
      '2026-11-29',
      '2026-12-08',
      'week' as const,
      ['2026-11-23', '2026-11-30', '2026-12-07'],
      [1, 7, 2],
    ],
    ['one day', '2026-12-02', '2026-12-02', 'week' as const, ['2026-11-30'], [1]],
  ])('%s', (_name, dateFrom, dateTo, groupBy, period, days) => {
    expect(rangePeriods(dateFrom, dateTo, groupBy)).toMatchObject({ period, days });
  });
});
