import type { DayRange } from '../../ui/DayRangeInputs';
import { daysBefore, moscowToday } from '../../ui/moscow-days';

/** The longest range the matrix covers, in days (pulse-matrix.dto.ts). */
const RANGE_MAX_DAYS = 92;
/** The matrix opens on the last two weeks, today included. */
const OPENING_DAYS = 14;
const DAY_MS = 86_400_000;

export const openingRange = (today = moscowToday()): DayRange => ({ from: daysBefore(today, OPENING_DAYS - 1), to: today });

/** Why the matrix cannot be asked for this range, or null when it can. */
export function rangeError({ from, to }: DayRange): string | null {
  if (!from || !to) return 'Выберите начало и конец периода';
  if (to < from) return 'Конец периода не раньше начала';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= RANGE_MAX_DAYS) return `Период — не больше ${RANGE_MAX_DAYS} дней`;
  return null;
}

/** The days a refresh reads for the range: the service refuses a day after today. */
export const refreshDays = ({ from, to }: DayRange, today = moscowToday()) => ({ dateFrom: from, dateTo: to > today ? today : to });
