import { describe, expect, it } from 'vitest';

import { daysBetween, isoWeekday, shiftDay } from '../../../common/time/calendar-days';
import { weekPlan } from './pnl-week-plan';

// 2026-11-02, -09, -16, -23, -30 are Mondays.
describe('weekPlan', () => {
  it.each([
    ['whole weeks only', '2026-11-02', '2026-11-15', { from: '2026-11-02', to: '2026-11-09' }, []],
    [
      'a first week mostly in: summed less its Monday; a last week mostly out: its days',
      '2026-11-03',
      '2026-11-18',
      { from: '2026-11-02', to: '2026-11-09' },
      [
        { from: '2026-11-02', to: '2026-11-02', sign: -1 },
        { from: '2026-11-16', to: '2026-11-18', sign: 1 },
      ],
    ],
    [
      'a first week mostly out: its days; a last week mostly in: summed less its Sunday',
      '2026-11-06',
      '2026-11-21',
      { from: '2026-11-09', to: '2026-11-16' },
      [
        { from: '2026-11-06', to: '2026-11-08', sign: 1 },
        { from: '2026-11-22', to: '2026-11-22', sign: -1 },
      ],
    ],
    [
      'two edge weeks mostly out, no week between: days only',
      '2026-11-07',
      '2026-11-10',
      null,
      [
        { from: '2026-11-07', to: '2026-11-08', sign: 1 },
        { from: '2026-11-09', to: '2026-11-10', sign: 1 },
      ],
    ],
    ['a few days of one week', '2026-11-10', '2026-11-12', null, [{ from: '2026-11-10', to: '2026-11-12', sign: 1 }]],
    [
      'most of one week: summed less the days around',
      '2026-11-10',
      '2026-11-14',
      { from: '2026-11-09', to: '2026-11-09' },
      [
        { from: '2026-11-09', to: '2026-11-09', sign: -1 },
        { from: '2026-11-15', to: '2026-11-15', sign: -1 },
      ],
    ],
    ['one day', '2026-11-11', '2026-11-11', null, [{ from: '2026-11-11', to: '2026-11-11', sign: 1 }]],
    [
      'the bench period: 90 days from a Tuesday to a Sunday',
      '2026-09-08',
      '2026-12-06',
      { from: '2026-09-07', to: '2026-11-30' },
      [{ from: '2026-09-07', to: '2026-09-07', sign: -1 }],
    ],
  ])('%s', (_case, from, to, weeks, days) => {
    expect(weekPlan(from, to)).toEqual({ weeks, days });
  });
});

describe('weekPlan over every period of up to 40 days in five weeks', () => {
  const days = Array.from({ length: 42 }, (_, index) => shiftDay('2026-10-26', index));
  it('counts each day of the period once and no other day, with at most 3 ledger days at each edge', () => {
    for (const from of days)
      for (const to of days.filter((day) => day >= from && daysBetween(from, day) < 40)) {
        const plan = weekPlan(from, to);
        for (const day of days) {
          const weekly = plan.weeks !== null && shiftDay(day, 1 - isoWeekday(day)) >= plan.weeks.from && day <= shiftDay(plan.weeks.to, 6);
          const counted = (weekly ? 1 : 0) + plan.days.reduce((sum, part) => sum + (day >= part.from && day <= part.to ? part.sign : 0), 0);
          expect(counted, `${from}..${to} at ${day}`).toBe(day >= from && day <= to ? 1 : 0);
        }
        for (const part of plan.days) expect(daysBetween(part.from, part.to) + 1).toBeLessThanOrEqual(3);
      }
  });
});
