import { NO_VALUE, percent, roublesToKopeck } from '@shared/format';

/** What a sale at a price leaves over the cost price: roubles to the kopeck, and the share of the price in percent. */
export interface Margin {
  roubles: number;
  percent: number;
}

/**
 * The margin of a price (the discounted one the buyer pays) over the cost price, counted in whole kopecks; none unless
 * both are known and the price is above zero (a share of nothing is no share).
 */
export function margin(price: number | null, costPrice: number | null): Margin | null {
  if (price === null || costPrice === null || price <= 0) return null;
  const priceKopecks = Math.round(price * 100);
  const kopecks = priceKopecks - Math.round(costPrice * 100);
  return { roubles: kopecks / 100, percent: (kopecks / priceKopecks) * 100 };
}

/** A margin as a table cell reads it: «250 ₽ · 25 %», «−12,50 ₽ · −5 %», or a dash without one. */
export const marginText = (value: Margin | null) =>
  value === null ? NO_VALUE : `${roublesToKopeck(value.roubles)} · ${percent(value.percent, 1)}`;
