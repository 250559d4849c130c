import { number, roubles } from '@shared/format';

import type { components } from '../../api/schema';
import { type DailyChartSpec, total, windowTitle } from '../../ui/daily-chart';

type Schemas = components['schemas'];

export function ordersAndSalesChart(days: Schemas['DigitizationSummaryDay'][]): DailyChartSpec {
  const orders = days.map((day) => day.orders);
  const sales = days.map((day) => day.sales);
  const title = 'Заказы и продажи по дням';
  return {
    title,
    summary: `${windowTitle(title, days)}: заказов ${number(total(orders))}, продаж ${number(total(sales))}`,
    empty: 'Нет заказов и продаж за период',
    days: days.map((day) => day.day),
    series: [
      { name: 'Заказы', kind: 'bar', axis: 'left', values: orders },
      { name: 'Продажи', kind: 'bar', axis: 'left', values: sales },
    ],
  };
}

export function spendAndClicksChart(days: Schemas['AutobidderSummaryDay'][]): DailyChartSpec {
  const spend = days.map((day) => Math.round(day.spend));
  const clicks = days.map((day) => day.clicks);
  const title = 'Расход на рекламу и клики по дням';
  return {
    title,
    summary: `${windowTitle(title, days)}: расход ${roubles(total(days.map((day) => day.spend)))}, кликов ${number(total(clicks))}`,
    empty: 'Нет расхода на рекламу и кликов за период',
    days: days.map((day) => day.day),
    series: [
      { name: 'Расход, ₽', kind: 'bar', axis: 'left', values: spend },
      { name: 'Клики', kind: 'line', axis: 'right', values: clicks },
    ],
  };
}

/** One count of each day as bars, with the window's total. */
function countsChart<D extends { day: string }>(
  title: string,
  name: string,
  empty: string,
  days: D[],
  measure: (day: D) => number,
): DailyChartSpec {
  const values = days.map(measure);
  return {
    title,
    summary: `${windowTitle(title, days)}: всего ${number(total(values))}`,
    empty,
    days: days.map((day) => day.day),
    series: [{ name, kind: 'bar', axis: 'left', values }],
  };
}

export const answersChart = (days: Schemas['AutoreplySummaryDay'][]) =>
  countsChart('Ответы по дням', 'Ответы', 'Нет ответов на отзывы и вопросы за период', days, (day) => day.answered);

export const priceChangesChart = (days: Schemas['PricingSummaryDay'][]) =>
  countsChart('Изменения цен по дням', 'Изменения цен', 'Нет изменений цен за период', days, (day) => day.priceChanges);
