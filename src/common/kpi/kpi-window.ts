import { DAY_MS } from '../time/calendar-days';

/** Spec: KPI routes. The periods a summary covers. */
export const KPI_PERIODS = ['7d', '30d'] as const;
export type KpiPeriod = (typeof KPI_PERIODS)[number];
export const DEFAULT_KPI_PERIOD: KpiPeriod = '30d';

/** What a summary may add to its envelope: the indicators of each day of the window. */
export const KPI_SERIES = ['daily'] as const;
export type KpiSeries = (typeof KPI_SERIES)[number];

/** A half-open time range [from, to). */
export interface KpiWindow {
  from: Date;
  to: Date;
}

/**
 * The current window and the previous one of equal length (KPI windows are UTC days): the current one is the last
 * N UTC days up to the end of today, the previous one the N days before it, touching it without overlap.
 */
export function kpiWindows(period: KpiPeriod, now: Date = new Date()): { current: KpiWindow; previous: KpiWindow } {
  const days = Number(period.slice(0, -1));
  const endOfToday = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  const currentFrom = endOfToday - days * DAY_MS;
  return {
    current: { from: new Date(currentFrom), to: new Date(endOfToday) },
    previous: { from: new Date(currentFrom - days * DAY_MS), to: new Date(currentFrom) },
  };
}

/** The UTC days of a window, oldest first, each a window of its own. */
export function kpiDays(window: KpiWindow): KpiWindow[] {
  const days: KpiWindow[] = [];
  for (let from = window.from.getTime(); from < window.to.getTime(); from += DAY_MS)
    days.push({ from: new Date(from), to: new Date(from + DAY_MS) });
  return days;
}

/**
 * Relative change to the previous window in percent of the previous value's magnitude (100: twice as much), one
 * decimal; null when there is nothing to compare: the previous value is 0 or absent. Against the magnitude, a rise
 * is positive for signed indicators too (an average change of -10 % becoming -5 % is +50, not -50).
 */
export function kpiDelta(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
