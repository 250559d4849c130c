import { describe, expect, it } from 'vitest';

import { periodInPayload, reportPeriodText } from './report-period';

describe('report period', () => {
  it.each([
    [{ period: { dateFrom: '2024-01-29', dateTo: '2024-02-04', shortened: false } }, 'Период отчёта: 29.01.2024 — 04.02.2024'],
    [{ period: { dateFrom: '2026-08-03', dateTo: '2026-11-22', shortened: true } }, 'Период отчёта: 03.08.2026 — 22.11.2026 (сокращён)'],
  ])('%j reads %s', (payload, text) => {
    expect(reportPeriodText(periodInPayload(payload)!)).toBe(text);
  });

  it.each([[{}], [{ period: 'за неделю' }], [{ period: { dateFrom: '29.01.2024', dateTo: '2024-02-04' } }], [{ totals: {} }]])(
    'a payload without a period of days, %j, has none',
    (payload) => {
      expect(periodInPayload(payload)).toBeNull();
    },
  );
});
