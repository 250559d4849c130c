/** Spec: Import rule 4. The web app imports the orders and sales of the last 7 or 30 days; other periods only through the API. */
export const FEED_PERIODS = [7, 30] as const;
export type FeedPeriod = (typeof FEED_PERIODS)[number];

/** Spec: Import rules 1 and 7. The marketplace has the realisation report from this day on. */
export const REPORT_FIRST_DAY = '2024-01-29';

export const REPORT_SHORTENED = `Отчёт о реализации есть только с ${REPORT_FIRST_DAY}: начало периода перенесено на ${REPORT_FIRST_DAY}`;
export const REPORT_TOO_EARLY = `Отчёт о реализации есть только с ${REPORT_FIRST_DAY}: выберите конец периода не раньше`;

const DAY_MS = 86_400_000;

/** The day `days` days before `today` (both YYYY-MM-DD): where a period of the last `days` days starts. */
export function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

export interface ReportPeriod {
  dateFrom: string;
  dateTo: string;
}

/** What is sent for a requested report period: the period with its start moved to the first day, and why it moved. */
export type ReportRequest = { period: ReportPeriod; notice: string | null } | { error: string };

/** Spec: Import rule 7. A start before the report's first day is moved to it; a period that ends before it has no report. */
export function reportRequest(requested: ReportPeriod): ReportRequest {
  if (requested.dateTo < REPORT_FIRST_DAY) return { error: REPORT_TOO_EARLY };
  if (requested.dateFrom >= REPORT_FIRST_DAY) return { period: requested, notice: null };
  return { period: { ...requested, dateFrom: REPORT_FIRST_DAY }, notice: REPORT_SHORTENED };
}

/** Today in Moscow (YYYY-MM-DD): the service reads a date without a zone as Moscow time. */
export const moscowToday = (): string => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Moscow' });
