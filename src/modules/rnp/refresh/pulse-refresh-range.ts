import { shiftDay } from '../../../common/time/calendar-days';
import type { AccountJobPayload } from '../../../queue/account-fan-out';
import { isAccountJobPayload } from '../../../queue/account-fan-out';

/** The marketplace rewrites the funnel of the days −1 … −7 daily; its history call answers that week only. */
export const REWRITTEN_DAYS = 7;

/** A range of Moscow days, both included. */
export interface DayRange {
  dateFrom: string;
  dateTo: string;
}

/** The days a refresh covers, where it stands (kept in the job's data: a delayed, retried or taken-over job goes on) and what it did. */
export interface PulseRefreshCheckpoint extends DayRange {
  /** The days of every card's funnel (the products call), and of the list items' rewritten funnel (the history call); null: none. */
  productsDays: DayRange;
  historyDays: DayRange | null;
  step: PulseRefreshStep;
  /** The products call: the day of the range being read and the page's offset. */
  productsDay: number;
  productsOffset: number;
  /** The history call: the list items' chunk being read. */
  historyChunk: number;
  counts: PulseRefreshCounts;
}

export type PulseRefreshStep = 'products' | 'history' | 'local' | 'done';

export interface PulseRefreshCounts {
  funnelRows: number;
  revisedRows: number;
  historyCalls: number;
  localRows: number;
}

export interface PulseRefreshPayload extends AccountJobPayload {
  dateFrom?: string;
  dateTo?: string;
  checkpoint?: PulseRefreshCheckpoint;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOrAbsent = (value: unknown) => value === undefined || (typeof value === 'string' && DAY.test(value));

export function isPulseRefreshPayload(payload: unknown): boolean {
  const candidate = payload as Partial<PulseRefreshPayload> | null | undefined;
  return isAccountJobPayload(payload) && dayOrAbsent(candidate?.dateFrom) && dayOrAbsent(candidate?.dateTo);
}

/**
 * The days a job refreshes: the nightly one yesterday's funnel of every card and the rewritten week's of the list items,
 * the local sources of that week; another the days it was given (or today) for every card, and those of them in the
 * rewritten week for the list items.
 */
export function refreshDays(
  payload: PulseRefreshPayload,
  kind: 'range' | 'nightly',
  today: string,
): DayRange & { productsDays: DayRange; historyDays: DayRange | null } {
  const week = { dateFrom: shiftDay(today, -REWRITTEN_DAYS), dateTo: shiftDay(today, -1) };
  if (kind === 'nightly') return { ...week, productsDays: { dateFrom: week.dateTo, dateTo: week.dateTo }, historyDays: week };
  const range = { dateFrom: payload.dateFrom ?? today, dateTo: payload.dateTo ?? today };
  const historyDays = {
    dateFrom: range.dateFrom > week.dateFrom ? range.dateFrom : week.dateFrom,
    dateTo: range.dateTo < week.dateTo ? range.dateTo : week.dateTo,
  };
  return { ...range, productsDays: range, historyDays: historyDays.dateFrom <= historyDays.dateTo ? historyDays : null };
}
