import { describe, expect, it } from 'vitest';

import { coverStatus, daysOfCover } from './cover-status';

const THRESHOLDS = { urgentDays: 3, soonDays: 7 };

describe('cover status', () => {
  it.each([
    [0, 5, 'oos', 0],
    [0, null, 'oos', null],
    [10, null, 'no_sales', null],
    [10, 0, 'no_sales', null],
    [5, 2, 'urgent', 2.5],
    [6, 2, 'soon', 3],
    [13, 2, 'soon', 6.5],
    [14, 2, 'enough', 7],
    [300, 2, 'enough', 150],
  ] as const)('%i units at %s a day: %s, cover %s', (quantity, velocity, status, cover) => {
    expect(coverStatus(quantity, velocity, THRESHOLDS)).toBe(status);
    expect(daysOfCover(quantity, velocity)).toBe(cover);
  });

  it('follows the account’s thresholds', () => {
    expect(coverStatus(10, 1, { urgentDays: 12, soonDays: 20 })).toBe('urgent');
    expect(coverStatus(10, 1, { urgentDays: 5, soonDays: 20 })).toBe('soon');
  });
});
