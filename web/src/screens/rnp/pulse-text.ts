import { day, dayMonth, dayRange, NO_VALUE, number, percent, roubles } from '@shared/format';

import type { Completeness, PulseCell } from './pulse-cells';
import type { ItemStatus, PulseFlag, PulseMatrix, RnpItem, RnpItemInput } from './rnp-queries';

/** Spec (pulse flags): each flag as the seller reads it, why it is set, and the colour its cell takes. */
export const FLAG_VIEW: Record<PulseFlag, { label: string; title: string; color: string }> = {
  oos_risk: { label: 'Риск нехватки', title: 'Риск нехватки: запаса меньше чем на 7 дней продаж', color: 'red' },
  drr_over_target: {
    label: 'ДРР выше цели',
    title: 'ДРР выше цели: расход на рекламу от заказов в рублях больше целевого ДРР товара',
    color: 'orange',
  },
  below_plan: { label: 'Ниже плана', title: 'Ниже плана: заказов меньше 70 % плана за эти дни', color: 'yellow' },
  bad_reviews: { label: 'Плохие отзывы', title: 'Плохие отзывы: пришёл отзыв на 1–2 звезды', color: 'grape' },
  price_changed: { label: 'Цена изменилась', title: 'Цена изменилась: цена для покупателя не та, что накануне', color: 'blue' },
};

/** The flags in the order the legend lists them; a cell takes the colour of the first of its flags in this order. */
export const FLAGS = Object.keys(FLAG_VIEW) as PulseFlag[];

export const STATUS_TEXT: Record<ItemStatus, string> = {
  liquidation: 'Распродажа',
  action: 'Акция',
  monitoring: 'Наблюдение',
  completed: 'Завершено',
  paused: 'Пауза',
};

/** A flagged cell's background (its most urgent flag's colour, light) and the title explaining each flag; none without flags. */
export function flagsView(flags: readonly PulseFlag[]): { background: string; title: string } | null {
  const first = FLAGS.find((flag) => flags.includes(flag));
  if (!first) return null;
  const title = FLAGS.filter((flag) => flags.includes(flag))
    .map((flag) => FLAG_VIEW[flag].title)
    .join('\n');
  return { background: `${FLAG_VIEW[first].color}.1`, title };
}

/** A column's heading: the day, or the week by its Monday. */
export const periodHeading = (period: string, groupBy: PulseMatrix['groupBy']) =>
  groupBy === 'week' ? `Неделя с ${dayMonth(period)}` : dayMonth(period);

const pieces = (...parts: (string | false | null)[]) => parts.filter(Boolean).join(' · ');

/** Orders against the plan: «2 из 10 (20 %)», or just the orders without a plan. */
export function planFactText(ordersQty: number | null, planOrders: number | null, completionPct: number | null): string {
  const orders = ordersQty === null ? NO_VALUE : number(ordersQty);
  if (planOrders === null) return orders;
  return `${orders} из ${number(planOrders)}${completionPct === null ? '' : ` (${percent(completionPct, 1)})`}`;
}

/**
 * The main figures of a cell, one line each: orders (quantity and roubles) with the plan, buyout, ad spend with DRR,
 * price, stock with its days of cover. A figure the sources have not given is left out; orders always show.
 */
export function cellLines(cell: PulseCell): string[] {
  const orders =
    cell.ordersQty === null ? NO_VALUE : pieces(`${number(cell.ordersQty)} шт.`, cell.ordersSum !== null && roubles(cell.ordersSum));
  const lines = [`Заказы: ${orders}`];
  if (cell.planOrders !== null) lines.push(`План: ${planFactText(cell.ordersQty, cell.planOrders, cell.planCompletionPct)}`);
  if (cell.buyoutPct !== null) lines.push(`Выкуп: ${percent(cell.buyoutPct)}`);
  if (cell.adSpend !== null) lines.push(`Реклама: ${pieces(roubles(cell.adSpend), cell.drrPct !== null && `ДРР ${percent(cell.drrPct)}`)}`);
  if (cell.price !== null) lines.push(`Цена: ${roubles(cell.price)}`);
  if (cell.stock !== null)
    lines.push(`Остаток: ${pieces(`${number(cell.stock)} шт.`, cell.daysOfCover !== null && `запас ${number(cell.daysOfCover, 1)} дн.`)}`);
  return lines;
}

/** Spec (completeness): the sources of a cell's days, as the seller names them. */
const SOURCE_NAMES: Record<keyof Completeness, string> = {
  funnel: 'воронка',
  ads: 'реклама',
  price: 'цена',
  stock: 'остатки',
};

/** What has not arrived for a cell («нет: цена, остатки»), with a title naming both sides; null when everything has. */
export function completenessView(completeness: Completeness): { text: string; title: string } | null {
  const sources = Object.keys(SOURCE_NAMES) as (keyof typeof SOURCE_NAMES)[];
  const missing = sources.filter((source) => !completeness[source]).map((source) => SOURCE_NAMES[source]);
  if (!missing.length) return null;
  const arrived = sources.filter((source) => completeness[source]).map((source) => SOURCE_NAMES[source]);
  return {
    text: `нет: ${missing.join(', ')}`,
    title: `Данные за эти дни. Пришли: ${arrived.length ? arrived.join(', ') : 'ничего'}. Нет: ${missing.join(', ')}`,
  };
}

/** An item's plan in one line: status, orders a day, price, target DRR, who leads it; a field not given is left out. */
export function planText(plan: Pick<RnpItemInput, 'status' | 'planOrdersPerDay' | 'planPrice' | 'targetDrrPct' | 'manager'>): string {
  return pieces(
    STATUS_TEXT[plan.status],
    plan.planOrdersPerDay != null && `${number(plan.planOrdersPerDay)} в день`,
    plan.planPrice != null && roubles(plan.planPrice),
    plan.targetDrrPct != null && `ДРР до ${percent(plan.targetDrrPct)}`,
    plan.manager || null,
  );
}

/** The plan's days: «01.12.2026 — 31.12.2026», «с 01.12.2026», «по 31.12.2026», or «Без срока». */
export function planDaysText({ dateFrom, dateTo }: Pick<RnpItem, 'dateFrom' | 'dateTo'>): string {
  if (dateFrom && dateTo) return dayRange(dateFrom, dateTo);
  if (dateFrom) return `с ${day(dateFrom)}`;
  return dateTo ? `по ${day(dateTo)}` : 'Без срока';
}

/** How fresh the pulse is: «обновлён 5 мин назад», «обновлён 3 ч назад», or not yet. */
export function freshnessText(minutes: number | null): string {
  if (minutes === null) return 'Пульс ещё не обновлялся';
  if (minutes < 60) return `Пульс обновлён ${number(minutes)} мин назад`;
  return `Пульс обновлён ${number(Math.floor(minutes / 60))} ч назад`;
}
