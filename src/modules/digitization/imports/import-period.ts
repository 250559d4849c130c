import { AppError } from '../../../common/errors/app-error';
import { DAY_MS, dayNumber } from '../../../common/time/calendar-days';
import { day } from '../../../shared/format';
import type { ReportPeriod } from './import-messages';

/** Spec: Import rules 1 and 7. The realisation report has no data before this day. */
export const REPORT_FIRST_DAY = '2024-01-29';
/** Spec: Schedules. The nightly import takes the orders and sales of this many last days. */
export const NIGHTLY_DAYS = 90;

/** The calendar day of a date or date-time as written (YYYY-MM-DD). */
export const dayOf = (value: string): string => value.slice(0, 10);
const dayText = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function daysBefore(day: string, days: number): string {
  return dayText(dayNumber(day) - days);
}

/** Spec: Import rule 1, Errors case 3. A report period the marketplace has, in order and not too long; else 400. */
export function checkReportPeriod(period: ReportPeriod, maxDays: number): void {
  const from = dayOf(period.dateFrom);
  const to = dayOf(period.dateTo);
  if (from < REPORT_FIRST_DAY)
    throw new AppError('BAD_REQUEST', `Отчёт о реализации есть только с ${day(REPORT_FIRST_DAY)}: выберите дату начала не раньше`, {
      details: { firstDay: REPORT_FIRST_DAY },
    });
  if (to < from) throw new AppError('BAD_REQUEST', 'Дата окончания периода раньше даты начала');
  if (dayNumber(to) - dayNumber(from) + 1 > maxDays)
    throw new AppError('BAD_REQUEST', `Период отчёта длиннее ${maxDays} дней: разбейте его на части`);
}

/** What the nightly import asks of the report: the period, and whether it is shorter than the weeks not yet imported. */
export interface NightlyReportPeriod {
  period: ReportPeriod;
  shortened: boolean;
}

/**
 * The closed weeks (Monday to Sunday, Moscow) not yet imported: from the day after the last imported report, or from
 * the first Monday of the nightly window, to the last Sunday before today. Not before the report's first day and not
 * longer than the longest period: then shortened. Null when no closed week is missing.
 */
export function nightlyReportPeriod(today: string, lastImportedDay: string | null, maxDays: number): NightlyReportPeriod | null {
  const todayNumber = dayNumber(today);
  // 1970-01-01 was a Thursday: Monday is 0 in (n + 3) mod 7.
  const lastSunday = todayNumber - ((todayNumber + 3) % 7) - 1;
  const windowStart = todayNumber - NIGHTLY_DAYS;
  const wanted = lastImportedDay ? dayNumber(lastImportedDay) + 1 : windowStart + ((7 - ((windowStart + 3) % 7)) % 7);
  const start = Math.max(wanted, dayNumber(REPORT_FIRST_DAY), lastSunday - maxDays + 1);
  if (start > lastSunday) return null;
  return { period: { dateFrom: dayText(start), dateTo: dayText(lastSunday) }, shortened: start !== wanted };
}
