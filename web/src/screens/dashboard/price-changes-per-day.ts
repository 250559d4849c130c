import type { components } from '../../api/schema';

export type Period = components['schemas']['PricingSummaryDto']['period'];

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Period, number> = { '7d': 7, '30d': 30 };

/** A UTC day as YYYY-MM-DD. */
const utcDay = (time: Date | string) => new Date(time).toISOString().slice(0, 10);

/** Spec: KPI routes. The days of a KPI window: the last N UTC days up to today, oldest first. */
export function windowDays(period: Period, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const count = PERIOD_DAYS[period];
  return Array.from({ length: count }, (_, index) => utcDay(new Date(today - (count - 1 - index) * DAY_MS)));
}

export interface DayCount {
  day: string;
  /** null where the history read does not reach the whole day. */
  count: number | null;
}

/**
 * Price changes per day of the window from the history read newest first. When the read stopped before the window's
 * start (`complete` false), the oldest day it reached and the days before it are unknown, not zero.
 */
export function countPerDay(changes: { createdAt: string }[], days: string[], complete: boolean): DayCount[] {
  const counts = new Map(days.map((day) => [day, 0]));
  for (const change of changes) {
    const day = utcDay(change.createdAt);
    const count = counts.get(day);
    if (count !== undefined) counts.set(day, count + 1);
  }
  const reached = complete || !changes.length ? '' : utcDay(changes[changes.length - 1].createdAt);
  return days.map((day) => ({ day, count: !complete && day <= reached ? null : counts.get(day)! }));
}
