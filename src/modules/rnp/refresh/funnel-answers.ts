import type { FunnelHistory, FunnelProduct } from '../../../marketplace/endpoints/analytics';
import type { FunnelDay } from '../daily/daily-rows.repository';

/** Reference 13.1: each card's statistic of a one-day period as the day's funnel (money in whole roubles, integer percents). */
export function productFunnelDays(day: string, products: FunnelProduct[]): FunnelDay[] {
  return products.map(({ product, statistic: { selected } }) => ({
    nmId: product.nmId,
    day,
    figures: {
      opens: selected.openCount,
      cartAdds: selected.cartCount,
      ordersQty: selected.orderCount,
      ordersSum: String(selected.orderSum),
      buyoutsQty: selected.buyoutCount,
      buyoutsSum: String(selected.buyoutSum),
      cancelsQty: selected.cancelCount,
      cancelsSum: String(selected.cancelSum),
      addToCartPct: String(selected.conversions.addToCartPercent),
      cartToOrderPct: String(selected.conversions.cartToOrderPercent),
      buyoutPct: String(selected.conversions.buyoutPercent),
    },
  }));
}

/** Reference 13.2: each card's days of the period asked for; the history has no cancellations. */
export function historyFunnelDays(answer: FunnelHistory[], dateFrom: string, dateTo: string): FunnelDay[] {
  return answer.flatMap(({ product, history }) =>
    history
      .filter((entry) => entry.date >= dateFrom && entry.date <= dateTo)
      .map((entry) => ({
        nmId: product.nmId,
        day: entry.date.slice(0, 10),
        figures: {
          opens: entry.openCount,
          cartAdds: entry.cartCount,
          ordersQty: entry.orderCount,
          ordersSum: String(entry.orderSum),
          buyoutsQty: entry.buyoutCount,
          buyoutsSum: String(entry.buyoutSum),
          addToCartPct: String(entry.addToCartConversion),
          cartToOrderPct: String(entry.cartToOrderConversion),
          buyoutPct: String(entry.buyoutPercent),
        },
      })),
  );
}
