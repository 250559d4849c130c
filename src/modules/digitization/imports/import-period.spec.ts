import { describe, expect, it } from 'vitest';

import { checkReportPeriod, nightlyReportPeriod } from './import-period';

describe('report periods', () => {
  it('accepts the first day of the report and a period of exactly the longest length', () => {
    expect(() => checkReportPeriod({ dateFrom: '2024-01-29', dateTo: '2025-01-28' }, 366)).not.toThrow();
  });

  it.each([
    [{ dateFrom: '2024-01-28', dateTo: '2024-02-10' }, 'есть только с 29.01.2024'],
    [{ dateFrom: '2024-03-10', dateTo: '2024-03-09' }, 'раньше даты начала'],
    [{ dateFrom: '2024-01-29', dateTo: '2025-01-29' }, 'длиннее 366 дней'],
  ])('refuses %j with 400 BAD_REQUEST', (period, text) => {
    expect(() => checkReportPeriod(period, 366)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', message: expect.stringContaining(text) }),
    );
  });

  it('the nightly run takes the closed weeks after the last imported report, to last Sunday', () => {
    // 2026-03-04 is a Wednesday; the last closed week ended on Sunday 2026-03-01.
    expect(nightlyReportPeriod('2026-03-04', '2026-02-15', 366)).toEqual({
      period: { dateFrom: '2026-02-16', dateTo: '2026-03-01' },
      shortened: false,
    });
    expect(nightlyReportPeriod('2026-03-04', '2026-03-01', 366)).toBeNull();
  });

  it('without an imported report, from the first Monday of the last 90 days', () => {
    expect(nightlyReportPeriod('2026-03-04', null, 366)).toEqual({
      period: { dateFrom: '2025-12-08', dateTo: '2026-03-01' },
      shortened: false,
    });
  });

  it('shortens a period longer than the longest one, and one before the first day of the report', () => {
    expect(nightlyReportPeriod('2026-03-04', '2025-01-05', 28)).toEqual({
      period: { dateFrom: '2026-02-02', dateTo: '2026-03-01' },
      shortened: true,
    });
    expect(nightlyReportPeriod('2024-02-14', null, 366)).toEqual({
      period: { dateFrom: '2024-01-29', dateTo: '2024-02-11' },
      shortened: true,
    });
  });
});
