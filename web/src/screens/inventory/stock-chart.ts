import { dayMonth, number } from '@shared/format';

import type { components } from '../../api/schema';
import { type DailyChartSpec, total, windowTitle } from '../../ui/daily-chart';

type StockPoint = components['schemas']['InventoryStockPointDto'];

const TITLE = 'Остаток и заказы по дням';

/** The stock of the window's last snapshot: «остаток 28.11 — 120 шт.», or that no day of it has one. */
function lastStockText(points: StockPoint[]): string {
  const last = points.findLast((point): point is StockPoint & { quantity: number } => point.quantity !== null);
  return last ? `остаток ${dayMonth(last.day)} — ${number(last.quantity)} шт.` : 'снимков остатка нет';
}

/** A product's units at each day's snapshot as a line, a gap where a day has none, and its orders of each day as bars. */
export function stockChart(points: StockPoint[]): DailyChartSpec {
  const orders = points.map((point) => point.orders);
  return {
    title: TITLE,
    summary: `${windowTitle(TITLE, points)}: ${lastStockText(points)}, заказов ${number(total(orders))}`,
    empty: 'Нет остатка и заказов за период',
    days: points.map((point) => point.day),
    series: [
      { name: 'Остаток, шт.', kind: 'line', axis: 'left', values: points.map((point) => point.quantity) },
      { name: 'Заказы, шт.', kind: 'bar', axis: 'right', values: orders },
    ],
  };
}
