import { dayRange } from '@shared/format';

import type { components } from '../api/schema';

export type ReportPeriod = components['schemas']['ImportPeriodDto'];

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The report period an import's notification carries in its payload, or null when it carries none. */
export function periodInPayload(payload: Record<string, unknown>): ReportPeriod | null {
  const period = payload.period as Partial<ReportPeriod> | undefined;
  if (!period || !isDay(period.dateFrom) || !isDay(period.dateTo)) return null;
  return { dateFrom: period.dateFrom, dateTo: period.dateTo, shortened: period.shortened === true };
}

/** The period as the seller reads it: «Период отчёта: 29.01.2024 — 04.02.2024», and whether it was shortened. */
export function reportPeriodText(period: ReportPeriod): string {
  return `Период отчёта: ${dayRange(period.dateFrom, period.dateTo)}${period.shortened ? ' (сокращён)' : ''}`;
}
