import { describe, expect, it } from 'vitest';

import { feedsImportFrom, REPORT_SHORTENED, REPORT_TOO_EARLY, reportNotice, reportPeriodOf, reportRangeErrors } from './import-periods';

describe('feedsImportFrom', () => {
  it.each([
    [7, '2026-11-18'],
    [30, '2026-10-26'],
  ] as const)('the import of the last %i days asks from %s', (days, from) => {
    expect(feedsImportFrom({ days }, '2026-11-25')).toBe(from);
  });
});

describe('the report import form', () => {
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
  ])('%s', (_name, from, to, period, notice) => {
    expect(reportRangeErrors({ from, to })).toEqual({ to: null });
    expect(reportPeriodOf({ from, to })).toEqual(period);
    expect(reportNotice({ from, to })).toBe(notice);
  });

  it.each([
    ['ends the day before the first day', '2023-12-01', '2024-01-28'],
    ['lies wholly in 2023', '2023-01-01', '2023-12-31'],
  ])('refuses a period that %s: it has no report', (_name, from, to) => {
    expect(reportRangeErrors({ from, to })).toEqual({ to: REPORT_TOO_EARLY });
  });

  it('the notice names the first day', () => {
    expect(REPORT_SHORTENED).toBe('Отчёт о реализации есть только с 29.01.2024: начало периода перенесено на 29.01.2024');
  });
});
