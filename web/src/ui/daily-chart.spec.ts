import { describe, expect, it } from 'vitest';

import { chartRows, type DailyChartSpec, hasNothingToDraw, windowTitle } from './daily-chart';

const chart = (days: string[], ...values: (number | null)[][]): DailyChartSpec => ({
  title: 'График',
  summary: '',
  empty: '',
  days,
  series: values.map((series, index) => ({ name: `Ряд ${index}`, kind: 'bar', axis: 'left', values: series })),
});

describe('a chart with nothing to draw', () => {
  it.each([
    ['every day 0', chart(['2026-11-23', '2026-11-24'], [0, 0]), true],
    ['no days', chart([], []), true],
    ['no value on any day', chart(['2026-11-23', '2026-11-24'], [null, null], [0, 0]), true],
    ['one day with a change', chart(['2026-11-23', '2026-11-24'], [0, 1]), false],
    ['one day with a value of the second series', chart(['2026-11-23', '2026-11-24'], [null, null], [0, 3]), false],
  ])('%s: %s', (_, spec, empty) => {
    expect(hasNothingToDraw(spec)).toBe(empty);
  });
});

describe('a chart as text, a row a day', () => {
  it('reads each day as its axis does, numbers with their thousands apart and a dash where a day has no value', () => {
    expect(chartRows(chart(['2026-10-30', '2026-10-31', '2026-11-01'], [1200, null, 0], [3, 0, 12]))).toEqual([
      ['30.10', '1\u202f200', '3'],
      ['31.10', '—', '0'],
      ['01.11', '0', '12'],
    ]);
  });
});

describe('the title of a window', () => {
  it.each([
    [1, 'Ответы по дням за 1 день'],
    [2, 'Ответы по дням за 2 дня'],
    [30, 'Ответы по дням за 30 дней'],
  ])('%i days: %s', (days, title) => {
    expect(windowTitle('Ответы по дням', Array.from({ length: days }))).toBe(title);
  });
});
