import { describe, expect, it } from 'vitest';

import { openingRange, rangeError, refreshDays } from './pulse-period';

describe('the pulse’s period', () => {
  it('opens on the last two weeks, today included', () => {
    expect(openingRange('2026-12-07')).toEqual({ from: '2026-11-24', to: '2026-12-07' });
  });

  it.each([
    ['2026-12-01', '2026-12-07', null],
    ['2026-12-07', '2026-12-07', null],
    ['2026-09-07', '2026-12-07', null],
    ['2026-09-06', '2026-12-07', 'Период — не больше 92 дней'],
    ['2026-12-08', '2026-12-07', 'Конец периода не раньше начала'],
    ['', '2026-12-07', 'Выберите начало и конец периода'],
  ])('from %s to %s', (from, to, error) => {
    expect(rangeError({ from, to })).toBe(error);
  });

  it('refreshes no day after today', () => {
    expect(refreshDays({ from: '2026-12-01', to: '2026-12-10' }, '2026-12-07')).toEqual({ dateFrom: '2026-12-01', dateTo: '2026-12-07' });
    expect(refreshDays({ from: '2026-12-01', to: '2026-12-05' }, '2026-12-07')).toEqual({ dateFrom: '2026-12-01', dateTo: '2026-12-05' });
  });
});
