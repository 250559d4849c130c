import { day } from '@shared/format';

import type { DayRange } from '../../ui/DayRangeInputs';
import { daysBefore, moscowToday } from '../../ui/moscow-days';
/** Spec: Import rule 4. The web app imports the orders and sales of the last 7 or 30 days; other periods only through the API. */
export const FEED_PERIODS = [7, 30] as const;
export type FeedPeriod = (typeof FEED_PERIODS)[number];

/** Spec: Import rules 1 and 7. The marketplace has the realisation report from this day on. */
export const REPORT_FIRST_DAY = '2024-01-29';

export const REPORT_SHORTENED = `Отчёт о реализации есть только с ${day(REPORT_FIRST_DAY)}: начало периода перенесено на ${day(REPORT_FIRST_DAY)}`;
export const REPORT_TOO_EARLY = `Отчёт о реализации есть только с ${day(REPORT_FIRST_DAY)}: выберите конец периода не раньше`;

export interface ReportPeriod {
  dateFrom: string;
  dateTo: string;
}

/** The orders and sales import form: how many of the last days. */
export interface FeedsImportValues {
  days: FeedPeriod;
}

/** Spec: Import rule 4. The first day the import of the last days asks for: the feeds form's transformValues. */
export const feedsImportFrom = ({ days }: FeedsImportValues, today = moscowToday()): string => daysBefore(today, days);

/** Spec: Import rule 7. What the report form refuses: a period that ends before the first day has no report. */
export const reportRangeErrors = (range: DayRange) => ({ to: range.to < REPORT_FIRST_DAY ? REPORT_TOO_EARLY : null });

/** Spec: Import rule 7. The period sent for the one asked for, a start before the first day moved to it: the report form's transformValues. */
export const reportPeriodOf = (range: DayRange): ReportPeriod => ({
  dateFrom: range.from < REPORT_FIRST_DAY ? REPORT_FIRST_DAY : range.from,
  dateTo: range.to,
});

/** Why the period sent starts later than the one asked for, or null when it does not. */
export const reportNotice = (range: DayRange): string | null => (range.from < REPORT_FIRST_DAY ? REPORT_SHORTENED : null);
