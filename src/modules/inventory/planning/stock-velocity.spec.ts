import { describe, expect, it } from 'vitest';

import { StockDay, velocityPerDay } from './stock-velocity';

/** `orders` per day, oldest first, each in stock unless its index is in `outOfStock`; Moscow days from 2026-10-01. */
function history(orders: number[], outOfStock: number[] = [], withoutSnapshot: number[] = []): StockDay[] {
  return orders.map((count, index) => ({
    day: `2026-10-${String(index + 1).padStart(2, '0')}`,
    quantity: withoutSnapshot.includes(index) ? null : outOfStock.includes(index) ? 0 : 50,
    orders: count,
  }));
}

const days = (count: number, orders: number) => Array.from({ length: count }, () => orders);

describe('velocityPerDay', () => {
  it.each([
    ['steady 4 a day over 28 days', history(days(28, 4)), 4],
    ['nothing sold in stock', history(days(28, 0)), 0],
    ['no history at all', [], null],
    [
      'out of stock every day',
      history(
        days(28, 0),
        days(28, 0).map((_, i) => i),
      ),
      null,
    ],
    // 14 days of 2 then 14 days of 6: 7-day 6, 14-day 6, 28-day 4 → 0.5·6 + 0.3·6 + 0.2·4 = 5.6
    ['demand that rose in the last two weeks', history([...days(14, 2), ...days(14, 6)]), 5.6],
    // Out of stock the last 7 days: only the 14- and 28-day windows count, each without those days (rate 3).
    ['out of stock the last week', history([...days(21, 3), ...days(7, 0)], [21, 22, 23, 24, 25, 26, 27]), 3],
    // Days without a snapshot count as in stock: 10 days of 1 → 1.
    [
      'a new account with orders but no snapshots',
      history(
        days(10, 1),
        [],
        days(10, 1).map((_, i) => i),
      ),
      1,
    ],
    // A day at 0 stock that still had orders sold: it counts.
    ['a day at zero stock with orders counts', history([...days(27, 2), 2], [27]), 2],
    // Only the last 28 days count.
    ['older days are not read', history([...days(10, 100), ...days(28, 1)]), 1],
  ])('%s', (_, input, expected) => {
    const velocity = velocityPerDay(input);
    if (expected === null) expect(velocity).toBeNull();
    else expect(velocity).toBeCloseTo(expected, 10);
  });
});
