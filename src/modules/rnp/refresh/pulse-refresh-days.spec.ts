import { describe, expect, it } from 'vitest';

import { refreshDays } from './pulse-refresh-range';

const TODAY = '2026-11-20';
const account = { mpAccountId: 'a' };

describe('days a pulse refresh reads', () => {
  it.each([
    [
      'the nightly job: yesterday for every card, the rewritten week for the list items',
      { ...account },
      'nightly' as const,
      {
        dateFrom: '2026-11-13',
        dateTo: '2026-11-19',
        productsDays: { dateFrom: '2026-11-19', dateTo: '2026-11-19' },
        historyDays: { dateFrom: '2026-11-13', dateTo: '2026-11-19' },
      },
    ],
    [
      'the hourly job: today, which the history call does not rewrite',
      { ...account },
      'range' as const,
      { dateFrom: TODAY, dateTo: TODAY, productsDays: { dateFrom: TODAY, dateTo: TODAY }, historyDays: null },
    ],
    [
      'a user range over the week’s edge: the history only within the week',
      { ...account, dateFrom: '2026-11-01', dateTo: TODAY },
      'range' as const,
      {
        dateFrom: '2026-11-01',
        dateTo: TODAY,
        productsDays: { dateFrom: '2026-11-01', dateTo: TODAY },
        historyDays: { dateFrom: '2026-11-13', dateTo: '2026-11-19' },
      },
    ],
    [
      'a user range before the week: no history',
      { ...account, dateFrom: '2026-10-01', dateTo: '2026-10-05' },
      'range' as const,
      {
        dateFrom: '2026-10-01',
        dateTo: '2026-10-05',
        productsDays: { dateFrom: '2026-10-01', dateTo: '2026-10-05' },
        historyDays: null,
      },
    ],
  ])('%s', (_name, payload, kind, days) => {
    expect(refreshDays(payload, kind, TODAY)).toEqual(days);
  });
});
