import { describe, expect, it } from 'vitest';

import { answersChart, ordersAndSalesChart, priceChangesChart, spendAndClicksChart } from './daily-charts';

const DAYS = ['2026-11-23', '2026-11-24'];
const plain = (text: string) => text.replace(/\u202f/g, ' ');

describe('the charts of the summary, from the days of the window', () => {
  it('orders and sales: two bar series and their totals', () => {
    const chart = ordersAndSalesChart(
      DAYS.map((day, index) => ({
        day,
        orders: 1000 * (index + 1),
        ordersSum: 0,
        sales: index,
        salesSum: 0,
        returns: 0,
        returnsSum: 0,
        cancellations: 0,
        buyoutPct: null,
      })),
    );
    expect(chart.days).toEqual(DAYS);
    expect(chart.series.map((series) => [series.name, series.kind, series.axis, series.values])).toEqual([
      ['Заказы', 'bar', 'left', [1000, 2000]],
      ['Продажи', 'bar', 'left', [0, 1]],
    ]);
    expect(plain(chart.summary)).toBe('Заказы и продажи по дням за 2 дня: заказов 3 000, продаж 1');
  });

  it('ad spend in whole roubles as bars, clicks as a line on its own scale; the total spend is rounded once', () => {
    const chart = spendAndClicksChart(
      DAYS.map((day, index) => ({
        day,
        spend: [250.4, 250.4][index],
        views: 0,
        clicks: [10, 30][index],
        ctrPct: null,
        cpc: null,
        orders: 0,
        drrPct: null,
        bidChanges: 0,
        budgetTriggers: 0,
      })),
    );
    expect(chart.series.map((series) => [series.name, series.kind, series.axis, series.values])).toEqual([
      ['Расход, ₽', 'bar', 'left', [250, 250]],
      ['Клики', 'line', 'right', [10, 30]],
    ]);
    expect(plain(chart.summary)).toBe('Расход на рекламу и клики по дням за 2 дня: расход 501 ₽, кликов 40');
  });

  it.each([
    [
      'answers',
      answersChart(
        DAYS.map((day) => ({
          day,
          received: 9,
          answered: 2,
          answeredSharePct: null,
          avgRating: null,
          blockedByCheck: 0,
          avgAnswerTimeHours: null,
        })),
      ),
      'Ответы по дням за 2 дня: всего 4',
    ],
    [
      'price changes',
      priceChangesChart(
        DAYS.map((day) => ({ day, priceChanges: 3, productsRepriced: 1, bulkJobs: 0, rejectedUploads: 0, avgDiscountPct: null })),
      ),
      'Изменения цен по дням за 2 дня: всего 6',
    ],
  ])('%s: one bar series and its total', (_, chart, summary) => {
    expect(chart.series).toHaveLength(1);
    expect(chart.summary).toBe(summary);
  });
});

describe('a chart with nothing to draw says why instead', () => {
  it('each chart names what the window lacks', () => {
    expect([ordersAndSalesChart([]), priceChangesChart([]), spendAndClicksChart([]), answersChart([])].map((chart) => chart.empty)).toEqual(
      [
        'Нет заказов и продаж за период',
        'Нет изменений цен за период',
        'Нет расхода на рекламу и кликов за период',
        'Нет ответов на отзывы и вопросы за период',
      ],
    );
  });
});
