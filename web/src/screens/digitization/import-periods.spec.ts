import { describe, expect, it } from 'vitest';

import { daysBefore, REPORT_SHORTENED, REPORT_TOO_EARLY, reportRequest } from './import-periods';

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

describe('reportRequest', () => {
  it.each([
    ['a period after the first day is sent as asked', '2024-02-05', '2024-02-11', { dateFrom: '2024-02-05', dateTo: '2024-02-11' }, null],
    ['a period from the first day is sent as asked', '2024-01-29', '2024-03-31', { dateFrom: '2024-01-29', dateTo: '2024-03-31' }, null],
    [
      'an earlier start moves to the first day',
      '2023-12-01',
      '2024-02-29',
      { dateFrom: '2024-01-29', dateTo: '2024-02-29' },
      REPORT_SHORTENED,
    ],
    ['a start one day early moves too', '2024-01-28', '2024-01-29', { dateFrom: '2024-01-29', dateTo: '2024-01-29' }, REPORT_SHORTENED],
  ])('%s', (_name, dateFrom, dateTo, period, notice) => {
    expect(reportRequest({ dateFrom, dateTo })).toEqual({ period, notice });
  });

  it.each([
    ['ends the day before the first day', '2023-12-01', '2024-01-28'],
    ['lies wholly in 2023', '2023-01-01', '2023-12-31'],
  ])('a period that %s has no report', (_name, dateFrom, dateTo) => {
    expect(reportRequest({ dateFrom, dateTo })).toEqual({ error: REPORT_TOO_EARLY });
  });

  it('the notice names the first day', () => {
    expect(REPORT_SHORTENED).toBe('Отчёт о реализации есть только с 2024-01-29: начало периода перенесено на 2024-01-29');
  });
});
