import { describe, expect, it } from 'vitest';

import { stockChart } from './stock-chart';

const plain = (text: string) => text.replace(/\u202f/g, ' ');

describe("a product's stock and orders of each day", () => {
  it('units as a line on the left scale with a gap where a day has no snapshot, orders as bars on their own scale', () => {
    const chart = stockChart([
      { day: '2026-11-26', quantity: 1200, orders: 3 },
      { day: '2026-11-27', quantity: null, orders: 5 },
      { day: '2026-11-28', quantity: 0, orders: 0 },
    ]);
    expect(chart.days).toEqual(['2026-11-26', '2026-11-27', '2026-11-28']);
    expect(chart.series.map((series) => [series.name, series.kind, series.axis, series.values])).toEqual([
      ['Остаток, шт.', 'line', 'left', [1200, null, 0]],
      ['Заказы, шт.', 'bar', 'right', [3, 5, 0]],
    ]);
  });

  it.each([
    [
      'the last snapshot is today',
      [
        { day: '2026-11-27', quantity: 10, orders: 1000 },
        { day: '2026-11-28', quantity: 1500, orders: 2 },
      ],
      'Остаток и заказы по дням за 2 дня: остаток 28.11 — 1 500 шт., заказов 1 002',
    ],
    [
      'today has no snapshot: the last one tells',
      [
        { day: '2026-11-27', quantity: 0, orders: 0 },
        { day: '2026-11-28', quantity: null, orders: 4 },
      ],
      'Остаток и заказы по дням за 2 дня: остаток 27.11 — 0 шт., заказов 4',
    ],
    [
      'no day has a snapshot',
      [{ day: '2026-11-28', quantity: null, orders: 0 }],
      'Остаток и заказы по дням за 1 день: снимков остатка нет, заказов 0',
    ],
  ])('%s', (_, points, summary) => {
    expect(plain(stockChart(points).summary)).toBe(summary);
  });

  it('says what the window lacks when there is nothing to draw', () => {
    expect(stockChart([]).empty).toBe('Нет остатка и заказов за период');
  });
});
