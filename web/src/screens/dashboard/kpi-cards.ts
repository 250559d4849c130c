import type { components } from '../../api/schema';
import type { Rise } from './kpi-delta';

type PricingSummary = components['schemas']['PricingSummaryDto'];
type RepricerSummary = components['schemas']['RepricerSummaryDto'];

/** The indicators of a KPI envelope: its numeric fields other than the deltas. */
export type Indicator<S> = {
  [K in keyof S]: K extends `${string}Delta` ? never : S[K] extends number | null ? K : never;
}[keyof S] &
  string;

export interface KpiCardSpec<S> {
  indicator: Indicator<S>;
  label: string;
  unit: 'count' | 'percent';
  rise: Rise;
}

export const PRICING_CARDS: KpiCardSpec<PricingSummary>[] = [
  { indicator: 'priceChanges', label: 'Изменения цен и скидок', unit: 'count', rise: 'good' },
  { indicator: 'productsRepriced', label: 'Товары с изменённой ценой', unit: 'count', rise: 'good' },
  { indicator: 'bulkJobs', label: 'Массовые изменения', unit: 'count', rise: 'good' },
  { indicator: 'rejectedUploads', label: 'Отклонённые загрузки', unit: 'count', rise: 'bad' },
  { indicator: 'avgDiscountPct', label: 'Средняя скидка', unit: 'percent', rise: 'neutral' },
];

export const REPRICER_CARDS: KpiCardSpec<RepricerSummary>[] = [
  { indicator: 'runs', label: 'Запуски репрайсера', unit: 'count', rise: 'good' },
  { indicator: 'errorRuns', label: 'Запуски с ошибкой', unit: 'count', rise: 'bad' },
  { indicator: 'pricesChanged', label: 'Цены, изменённые репрайсером', unit: 'count', rise: 'good' },
  { indicator: 'productsCovered', label: 'Товары, цену которых менял репрайсер', unit: 'count', rise: 'good' },
  { indicator: 'avgChangePct', label: 'Среднее изменение цены', unit: 'percent', rise: 'neutral' },
];

/** The value of one card with its delta, read from the envelope by the card's indicator. */
export function cardValues<S>(summary: S, indicator: Indicator<S>): { value: number | null; delta: number | null } {
  const fields = summary as Record<string, number | null>;
  return { value: fields[indicator], delta: fields[`${indicator}Delta`] };
}
