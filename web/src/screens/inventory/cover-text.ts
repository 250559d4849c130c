import { number } from '@shared/format';

import type { StockStatus } from './inventory-queries';

/** The stock's state against its sales in the seller's words, and its colour. */
export const STATUS_TEXT: Record<StockStatus, string> = {
  oos: 'Нет в наличии',
  urgent: 'Срочно пополнить',
  soon: 'Скоро закончится',
  enough: 'Хватает',
  no_sales: 'Нет продаж',
};

export const STATUS_COLOR: Record<StockStatus, string> = {
  oos: 'red',
  urgent: 'red',
  soon: 'orange',
  enough: 'green',
  no_sales: 'dimmed',
};

/** Days the stock lasts, whole: «12», «меньше 1», «0» when none is left; a dash without sales. */
export function coverText(days: number | null): string {
  if (days === null) return '—';
  if (days === 0) return '0';
  if (days < 1) return 'меньше 1';
  return number(Math.floor(days), 0);
}

/**
 * Orders a day: one decimal from 1 («2,5»), two below it, so that a slow seller's «0,04» does not read 0 beside its
 * days of cover; «меньше 0,01» for rarer sales; a dash without any.
 */
export function velocityText(velocity: number | null): string {
  if (velocity === null) return '—';
  if (velocity === 0 || velocity >= 1) return number(velocity, 1);
  return velocity < 0.005 ? 'меньше 0,01' : number(velocity, 2);
}
