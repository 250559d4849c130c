import type { IndicatorUnit } from './indicator-value';
import type { Rise } from './kpi-delta';

/** The indicators of a KPI envelope: its numeric fields other than the deltas. */
export type Indicator<S> = {
  [K in keyof S]: K extends `${string}Delta` ? never : S[K] extends number | null ? K : never;
}[keyof S] &
  string;

export interface KpiCardSpec<S> {
  indicator: Indicator<S>;
  label: string;
  unit: IndicatorUnit;
  rise: Rise;
}

/**
 * The value of one card with its delta, read from the envelope by the card's indicator; the delta is undefined for an
 * indicator the envelope gives no change of (a balance, a count of the moment).
 */
export function cardValues<S>(summary: S, indicator: Indicator<S>): { value: number | null; delta: number | null | undefined } {
  const fields = summary as Record<string, number | null | undefined>;
  return { value: fields[indicator] ?? null, delta: fields[`${indicator}Delta`] };
}
