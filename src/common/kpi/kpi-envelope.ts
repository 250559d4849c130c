import { kpiDelta, KpiPeriod } from './kpi-window';

/** Indicator values of one window; null where the window has nothing to measure (an average of no values). */
export type KpiIndicators<K extends string> = Record<K, number | null>;

/** The indicators of one UTC day (YYYY-MM-DD). */
export type KpiDay<K extends string> = { day: string } & KpiIndicators<K>;

/**
 * `{period, currency, updatedAt, <indicator>, <indicator>Delta, ...}` (spec: KPI routes), and `days` when the daily
 * series was asked for.
 */
export type KpiEnvelope<K extends string> = { period: KpiPeriod; currency: 'RUB'; updatedAt: Date; days?: KpiDay<K>[] } & KpiIndicators<K> &
  Record<`${K}Delta`, number | null>;

/**
 * The one way a module's summary is answered: indicators of the current window, each with its delta; previous null
 * (a window without its full data) makes every delta null.
 */
export function kpiEnvelope<K extends string>(
  period: KpiPeriod,
  current: KpiIndicators<K>,
  previous: KpiIndicators<K> | null,
  updatedAt: Date = new Date(),
): KpiEnvelope<K> {
  const envelope: Record<string, unknown> = { period, currency: 'RUB', updatedAt };
  for (const name of Object.keys(current) as K[]) {
    envelope[name] = current[name];
    envelope[`${name}Delta`] = kpiDelta(current[name], previous?.[name] ?? null);
  }
  return envelope as KpiEnvelope<K>;
}
