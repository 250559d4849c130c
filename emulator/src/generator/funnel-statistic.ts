import { addFunnel, dateOfDay, emptyFunnel, FunnelDay, FunnelMoney } from './funnel';

/** Whole roubles of a kopeck sum (reference 13.0: money in the funnel is an integer). */
const roubles = (money: FunnelMoney): number => Math.round(money.kopecks / 100);

/** An integer percent of part in whole, 0 when whole is 0. */
export const percent = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part * 100) / whole));

const twoDecimals = (value: number): number => Math.round(value * 100) / 100;

/** Reference 13.0 Conversions: buyoutPercent leaves out orders still on their way to the buyer. */
const buyoutPercent = (buyouts: FunnelMoney, cancels: FunnelMoney): number => percent(buyouts.count, buyouts.count + cancels.count);

/** The figures of a card's days added up. */
export function totalOf(days: readonly FunnelDay[]): FunnelDay {
  return days.reduce(addFunnel, emptyFunnel());
}

interface TimeToReady {
  days: number;
  hours: number;
  mins: number;
}

/** Reference 13.0 Statistic of a card over a period of `dayCount` days; shareOrderPercent against all the seller's orders. */
export function statisticOf(
  total: FunnelDay,
  period: { start: string; end: string },
  dayCount: number,
  sellerOrderKopecks: number,
  timeToReady: TimeToReady,
) {
  const average = (money: FunnelMoney) => (money.count === 0 ? 0 : Math.round(money.kopecks / 100 / money.count));
  return {
    openCount: total.openCount,
    cartCount: total.cartCount,
    orderCount: total.orders.count,
    orderSum: roubles(total.orders),
    buyoutCount: total.buyouts.count,
    buyoutSum: roubles(total.buyouts),
    cancelCount: total.cancels.count,
    cancelSum: roubles(total.cancels),
    avgPrice: average(total.orders),
    avgOrdersCountPerDay: twoDecimals(total.orders.count / dayCount),
    shareOrderPercent: sellerOrderKopecks === 0 ? 0 : twoDecimals((total.orders.kopecks * 100) / sellerOrderKopecks),
    addToWishlist: total.addToWishlist,
    // Release note 570 (reference 13.0): at the moment always 100.
    localizationPercent: 100,
    period,
    timeToReady,
    conversions: {
      addToCartPercent: percent(total.cartCount, total.openCount),
      cartToOrderPercent: percent(total.orders.count, total.cartCount),
      buyoutPercent: buyoutPercent(total.buyouts, total.cancels),
    },
    wbClub: {
      orderCount: total.club.orders.count,
      orderSum: roubles(total.club.orders),
      buyoutCount: total.club.buyouts.count,
      buyoutSum: roubles(total.club.buyouts),
      cancelCount: total.club.cancels.count,
      cancelSum: roubles(total.club.cancels),
      avgPrice: average(total.club.orders),
      buyoutPercent: buyoutPercent(total.club.buyouts, total.club.cancels),
      avgOrderCountPerDay: twoDecimals(total.club.orders.count / dayCount),
    },
  };
}

export type Statistic = ReturnType<typeof statisticOf>;

/** An integer % change from past to selected; 100 when there was nothing before and something now. */
export function dynamic(selected: number, past: number): number {
  if (past === 0) return selected === 0 ? 0 : 100;
  return Math.round(((selected - past) * 100) / past);
}

/** Reference 13.0 Comparison of two Statistics. */
export function comparisonOf(selected: Statistic, past: Statistic) {
  const club = (key: keyof Statistic['wbClub']) => dynamic(selected.wbClub[key], past.wbClub[key]);
  return {
    openCountDynamic: dynamic(selected.openCount, past.openCount),
    cartCountDynamic: dynamic(selected.cartCount, past.cartCount),
    orderCountDynamic: dynamic(selected.orderCount, past.orderCount),
    orderSumDynamic: dynamic(selected.orderSum, past.orderSum),
    buyoutCountDynamic: dynamic(selected.buyoutCount, past.buyoutCount),
    buyoutSumDynamic: dynamic(selected.buyoutSum, past.buyoutSum),
    cancelCountDynamic: dynamic(selected.cancelCount, past.cancelCount),
    cancelSumDynamic: dynamic(selected.cancelSum, past.cancelSum),
    avgPriceDynamic: dynamic(selected.avgPrice, past.avgPrice),
    avgOrdersCountPerDayDynamic: dynamic(selected.avgOrdersCountPerDay, past.avgOrdersCountPerDay),
    shareOrderPercentDynamic: dynamic(selected.shareOrderPercent, past.shareOrderPercent),
    addToWishlistDynamic: dynamic(selected.addToWishlist, past.addToWishlist),
    timeToReadyDynamic: { days: 0, hours: 0, mins: 0 },
    // Release note 570: at the moment always 0.
    localizationPercentDynamic: 0,
    wbClubDynamic: {
      orderCount: club('orderCount'),
      orderSum: club('orderSum'),
      buyoutCount: club('buyoutCount'),
      buyoutSum: club('buyoutSum'),
      cancelCount: club('cancelCount'),
      cancelSum: club('cancelSum'),
      avgPrice: club('avgPrice'),
      buyoutPercent: club('buyoutPercent'),
      avgOrderCountPerDay: club('avgOrderCountPerDay'),
    },
    conversions: {
      addToCartPercent: dynamic(selected.conversions.addToCartPercent, past.conversions.addToCartPercent),
      cartToOrderPercent: dynamic(selected.conversions.cartToOrderPercent, past.conversions.cartToOrderPercent),
      buyoutPercent: dynamic(selected.conversions.buyoutPercent, past.conversions.buyoutPercent),
    },
  };
}

/** Reference 13.0 History: one row of a day or a week (dated by its first day). */
export function historyRow(firstDay: number, total: FunnelDay) {
  return {
    date: dateOfDay(firstDay),
    openCount: total.openCount,
    cartCount: total.cartCount,
    orderCount: total.orders.count,
    orderSum: roubles(total.orders),
    buyoutCount: total.buyouts.count,
    buyoutSum: roubles(total.buyouts),
    buyoutPercent: buyoutPercent(total.buyouts, total.cancels),
    addToCartConversion: percent(total.cartCount, total.openCount),
    cartToOrderConversion: percent(total.orders.count, total.cartCount),
    addToWishlistCount: total.addToWishlist,
  };
}
