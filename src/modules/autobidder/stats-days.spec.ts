import { describe, expect, it } from 'vitest';

import { DayRange, missingDays, olderStatsCalls, OlderStatsNeed } from './stats-days';

const range = (from: string, to: string): DayRange => ({ from, to });

/** [case, needed, covered, missing] */
const missingCases: [string, DayRange, DayRange | null, DayRange[]][] = [
  ['nothing kept: all', range('2026-03-01', '2026-03-20'), null, [range('2026-03-01', '2026-03-20')]],
  ['kept over the whole: none', range('2026-03-05', '2026-03-20'), range('2026-03-01', '2026-03-20'), []],
  [
    'kept from a later day: the days before',
    range('2026-03-01', '2026-03-20'),
    range('2026-03-14', '2026-03-20'),
    [range('2026-03-01', '2026-03-13')],
  ],
  [
    'kept up to an earlier day: the days after',
    range('2026-03-01', '2026-03-20'),
    range('2026-02-01', '2026-03-19'),
    [range('2026-03-20', '2026-03-20')],
  ],
  [
    'kept inside: both ends',
    range('2026-03-01', '2026-03-20'),
    range('2026-03-10', '2026-03-12'),
    [range('2026-03-01', '2026-03-09'), range('2026-03-13', '2026-03-20')],
  ],
  ['kept apart from it: all', range('2026-03-01', '2026-03-20'), range('2026-01-01', '2026-01-31'), [range('2026-03-01', '2026-03-20')]],
  ['a period starting after today: none', range('2026-03-21', '2026-03-20'), null, []],
];

describe('missingDays', () => {
  it.each(missingCases)('%s', (_name, needed, covered, missing) => {
    expect(missingDays(needed, covered)).toEqual(missing);
  });
});

describe('olderStatsCalls: the older days period limits need, 31 days a call', () => {
  const today = '2026-03-31';
  const need = (advertId: number, since: string, covered: DayRange | null = null): OlderStatsNeed => ({ advertId, since, covered });

  it('a period within the recent 7 days needs no call', () => {
    expect(olderStatsCalls([need(1, '2026-03-25')], today)).toEqual([]);
  });

  it('20 days back, nothing kept: one window ending the day before the recent 7', () => {
    expect(olderStatsCalls([need(1, '2026-03-11')], today)).toEqual([{ ids: [1], beginDate: '2026-02-22', endDate: '2026-03-24' }]);
  });

  it('70 days back: three windows, newest first; campaigns needing a window share its calls', () => {
    expect(olderStatsCalls([need(1, '2026-01-20'), need(2, '2026-03-01')], today)).toEqual([
      { ids: [1, 2], beginDate: '2026-02-22', endDate: '2026-03-24' },
      { ids: [1], beginDate: '2026-01-22', endDate: '2026-02-21' },
      { ids: [1], beginDate: '2025-12-22', endDate: '2026-01-21' },
    ]);
  });

  it('days kept up to the recent ones are not fetched again; a kept range stopping earlier is fetched anew', () => {
    expect(olderStatsCalls([need(1, '2026-03-11', range('2026-02-22', '2026-03-30'))], today)).toEqual([]);
    expect(olderStatsCalls([need(1, '2026-01-20', range('2026-02-01', '2026-03-30'))], today)).toEqual([
      { ids: [1], beginDate: '2026-01-22', endDate: '2026-02-21' },
      { ids: [1], beginDate: '2025-12-22', endDate: '2026-01-21' },
    ]);
    expect(olderStatsCalls([need(1, '2026-03-11', range('2026-02-01', '2026-03-20'))], today)).toEqual([
      { ids: [1], beginDate: '2026-02-22', endDate: '2026-03-24' },
    ]);
  });

  it('at most 50 campaigns a call', () => {
    const calls = olderStatsCalls(
      Array.from({ length: 120 }, (_, index) => need(index + 1, '2026-03-01')),
      today,
    );
    expect(calls.map((call) => call.ids.length)).toEqual([50, 50, 20]);
  });
});
