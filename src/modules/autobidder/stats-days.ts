// The Moscow days of ad statistics: which the sync fetched, which a budget check lacks, which calls fetch the rest.

import { daysBetween, shiftDay } from '../../common/time/calendar-days';

/** Days from `from` to `to`, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** Reference 6.3: the statistics call covers at most 31 days. */
export const STATS_CALL_DAYS = 31;
/** The days every sync fetches for every campaign: today and the 6 before. */
export const RECENT_STATS_DAYS = 7;
/** Reference 6.3: at most 50 campaigns a statistics call. */
export const STATS_CALL_IDS = 50;

/** The days of `needed` outside `covered`: none, the part before it, the part after it, or both. */
export function missingDays(needed: DayRange, covered: DayRange | null): DayRange[] {
  if (needed.from > needed.to) return [];
  if (!covered || covered.to < needed.from || covered.from > needed.to) return [needed];
  const missing: DayRange[] = [];
  if (needed.from < covered.from) missing.push({ from: needed.from, to: shiftDay(covered.from, -1) });
  if (covered.to < needed.to) missing.push({ from: shiftDay(covered.to, 1), to: needed.to });
  return missing;
}

/** A campaign the sync may have to fetch older days of: the first day its live period limits need, and what it keeps. */
export interface OlderStatsNeed {
  advertId: number;
  since: string;
  covered: DayRange | null;
}

/** One statistics call: its campaigns and its days. */
export interface StatsCall {
  ids: number[];
  beginDate: string;
  endDate: string;
}

/**
 * The calls that fetch the days before the recent 7 that period limits need and the sync does not keep. The days are
 * cut into 31-day windows ending at the day before the recent ones, so that campaigns needing the same window share
 * its calls (50 campaigns a call); newest window first, so that each fetched window joins the unbroken range kept.
 */
export function olderStatsCalls(needs: readonly OlderStatsNeed[], today: string): StatsCall[] {
  const lastOlder = shiftDay(today, -RECENT_STATS_DAYS);
  const byWindow = new Map<number, Set<number>>();
  for (const need of needs) {
    // The recent days join a kept range that reaches the day before them; one that stops earlier is replaced by them.
    const covered = need.covered && need.covered.to >= lastOlder ? { ...need.covered, to: today } : null;
    for (const gap of missingDays({ from: need.since, to: lastOlder }, covered)) {
      const newest = Math.floor(daysBetween(gap.to, lastOlder) / STATS_CALL_DAYS);
      const oldest = Math.floor(daysBetween(gap.from, lastOlder) / STATS_CALL_DAYS);
      for (let window = newest; window <= oldest; window += 1) byWindow.set(window, (byWindow.get(window) ?? new Set()).add(need.advertId));
    }
  }
  return [...byWindow.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([window, set]) => {
      const ids = [...set];
      const endDate = shiftDay(lastOlder, -window * STATS_CALL_DAYS);
      const beginDate = shiftDay(endDate, -(STATS_CALL_DAYS - 1));
      const calls: StatsCall[] = [];
      for (let start = 0; start < ids.length; start += STATS_CALL_IDS)
        calls.push({ ids: ids.slice(start, start + STATS_CALL_IDS), beginDate, endDate });
      return calls;
    });
}
