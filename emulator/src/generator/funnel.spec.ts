import { describe, expect, it } from 'vitest';

import { DAY_MS, moscowDayNumber } from '../moscow-time';
import { CatalogShape } from './catalog';
import { funnelDay, funnelTotals } from './funnel';
import { orderAt, orderCount, OrderFacts, orderStream } from './orders';

const NOW = Date.UTC(2026, 5, 15, 9);
const shape: CatalogShape = { seed: 77, cards: 3, nmIdBase: 177_000_000, startMs: 0, photosUrl: '' };
const stream = orderStream(shape.seed, 90, 30, 0, NOW);
const today = moscowDayNumber(NOW);
const day = today - 10;

/** The orders of every card on `day`, by card index. */
function ordersOn(target: number): OrderFacts[][] {
  const byCard: OrderFacts[][] = Array.from({ length: shape.cards }, () => []);
  for (let n = 0; n < orderCount(stream); n += 1) {
    const order = orderAt(stream, shape, n);
    if (moscowDayNumber(order.dateMs) === target) byCard[order.cardIndex].push(order);
  }
  return byCard;
}

describe('the funnel of a card and day', () => {
  const orders = ordersOn(day);
  /** The day as the report shows it `age` whole days after it. */
  const seen = (index: number, age: number) => funnelDay(shape, index, day, orders[index], NOW + (age - 10) * DAY_MS);

  it.each([0, 1, 2])('card %i: orders, opens and cart adds grow as days pass, and are final from day 7 on', (index) => {
    const ages = [1, 2, 3, 4, 5, 6, 7, 8, 30].map((age) => seen(index, age));
    for (let n = 1; n < ages.length; n += 1) {
      expect(ages[n].orders.count).toBeGreaterThanOrEqual(ages[n - 1].orders.count);
      expect(ages[n].openCount).toBeGreaterThanOrEqual(ages[n - 1].openCount);
    }
    expect(ages[6].orders.count).toBe(orders[index].length);
    expect(ages[6].openCount).toBe(ages[7].openCount);
    expect(ages[0].openCount).toBeLessThan(ages[6].openCount);
    for (const figures of ages) {
      expect(figures.cartCount).toBeGreaterThanOrEqual(figures.orders.count);
      expect(figures.openCount).toBeGreaterThanOrEqual(figures.cartCount);
      expect(figures.buyouts.count + figures.cancels.count).toBeLessThanOrEqual(figures.orders.count);
    }
  });

  it('a final day: every order at its feed price, bought or cancelled once its sale, cancellation or return has happened', () => {
    const all = orders.flat();
    const final = [0, 1, 2].map((index) => seen(index, 30));
    expect(final.reduce((sum, figures) => sum + figures.orders.count, 0)).toBe(all.length);
    expect(final.reduce((sum, figures) => sum + figures.orders.kopecks, 0)).toBe(
      all.reduce((sum, order) => sum + order.price * (100 - order.discount), 0),
    );
    const cancelled = all.filter((order) => order.cancelMs !== null || order.returnMs !== null).length;
    expect(final.reduce((sum, figures) => sum + figures.cancels.count, 0)).toBe(cancelled);
    expect(final.reduce((sum, figures) => sum + figures.buyouts.count, 0)).toBe(all.length - cancelled);
    // On the day itself nothing has been bought yet: sales come a day or more after the order.
    const sameDay = [0, 1, 2].map((index) => funnelDay(shape, index, day, orders[index], NOW - 10 * DAY_MS + 1));
    expect(sameDay.every((figures) => figures.buyouts.count === 0)).toBe(true);
  });

  it('is the same on every call, and the period totals add up its days', () => {
    expect(seen(1, 3)).toEqual(seen(1, 3));
    const totals = funnelTotals(stream, shape, [0, 1, 2], day, day + 1, NOW);
    const twoDays = [0, 1, 2].map((index) => {
      const next = ordersOn(day + 1)[index];
      const [a, b] = [funnelDay(shape, index, day, orders[index], NOW), funnelDay(shape, index, day + 1, next, NOW)];
      return a.openCount + b.openCount;
    });
    expect([0, 1, 2].map((index) => totals.get(index)!.openCount)).toEqual(twoDays);
  });
});
