import { daysBetween, isoWeekday, shiftDay } from '../../../common/time/calendar-days';

/** Days of the ledger a P&L adds to its summed weeks (sign 1) or takes away from them (sign −1). */
export interface LedgerDays {
  from: string;
  to: string;
  sign: 1 | -1;
}

/** How a P&L by SKU reads a period: the ISO weeks summed in pnl_sku_weeks (their Mondays; null: none), and ledger days. */
export interface WeekPlan {
  weeks: { from: string; to: string } | null;
  days: LedgerDays[];
}

/** Days of a week that the ledger must give at most: a week with more of its days in the period is read summed, less the rest. */
const MOST_LEDGER_DAYS = 3;

/**
 * The period's weeks: each whole one summed; an edge week with most of its days in the period summed less the days
 * outside it, otherwise its days in the period from the ledger. The ledger gives at most 3 days at each edge.
 */
export function weekPlan(from: string, to: string): WeekPlan {
  const firstMonday = shiftDay(from, 1 - isoWeekday(from));
  const lastMonday = shiftDay(to, 1 - isoWeekday(to));
  const before = from > firstMonday ? [{ from: firstMonday, to: shiftDay(from, -1), sign: -1 as const }] : [];
  const after = to < shiftDay(lastMonday, 6) ? [{ from: shiftDay(to, 1), to: shiftDay(lastMonday, 6), sign: -1 as const }] : [];
  if (firstMonday === lastMonday) {
    if (daysBetween(from, to) + 1 <= MOST_LEDGER_DAYS) return { weeks: null, days: [{ from, to, sign: 1 }] };
    return { weeks: { from: firstMonday, to: firstMonday }, days: [...before, ...after] };
  }
  const plan: WeekPlan = { weeks: { from: firstMonday, to: lastMonday }, days: [] };
  if (8 - isoWeekday(from) <= MOST_LEDGER_DAYS) {
    plan.days.push({ from, to: shiftDay(firstMonday, 6), sign: 1 });
    plan.weeks!.from = shiftDay(firstMonday, 7);
  } else plan.days.push(...before);
  if (isoWeekday(to) <= MOST_LEDGER_DAYS) {
    plan.days.push({ from: lastMonday, to, sign: 1 });
    plan.weeks!.to = shiftDay(lastMonday, -7);
  } else plan.days.push(...after);
  if (plan.weeks!.from > plan.weeks!.to) plan.weeks = null;
  return plan;
}
