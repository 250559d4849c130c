/** One Moscow day of a SKU: its stock at that day's snapshot (null without one) and the orders of the day. */
export interface StockDay {
  day: string;
  quantity: number | null;
  orders: number;
}

/** Velocity looks back this many Moscow days of orders. */
export const VELOCITY_DAYS = 28;

/**
 * The windows blended into the velocity, newest first, with their weights: the last week counts most, so that a
 * change of demand shows within days, the longer windows keep one quiet or busy day from swinging it.
 */
const WINDOWS = [
  { days: 7, weight: 0.5 },
  { days: 14, weight: 0.3 },
  { days: 28, weight: 0.2 },
] as const;

/**
 * A day the SKU could not sell: its snapshot says nothing was in stock and nothing was ordered. A day without a
 * snapshot counts as in stock (the orders are known, the stock is not), and so does a day with orders.
 */
const outOfStock = (day: StockDay) => day.quantity === 0 && day.orders === 0;

/** Orders per in-stock day of the last `days` of `history` (oldest first), or null when none of them was in stock. */
function rateOver(history: readonly StockDay[], days: number): number | null {
  const selling = history.slice(-days).filter((day) => !outOfStock(day));
  if (!selling.length) return null;
  return selling.reduce((sum, day) => sum + day.orders, 0) / selling.length;
}

/**
 * Orders per day of a SKU over the last VELOCITY_DAYS Moscow days (`history`, oldest first, at most that many),
 * without the days it was out of stock: the blend of the windows that have an in-stock day, their weights rescaled.
 * 0 when it sold nothing on any in-stock day; null when it was out of stock on every day.
 */
export function velocityPerDay(history: readonly StockDay[]): number | null {
  const recent = history.slice(-VELOCITY_DAYS);
  const rates = WINDOWS.map(({ days, weight }): { rate: number | null; weight: number } => ({
    rate: rateOver(recent, days),
    weight,
  })).filter((window): window is { rate: number; weight: number } => window.rate !== null);
  if (!rates.length) return null;
  const weights = rates.reduce((sum, window) => sum + window.weight, 0);
  return rates.reduce((sum, window) => sum + window.rate * window.weight, 0) / weights;
}
