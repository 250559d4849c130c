import { number, percent, roubles, roublesToKopeck } from '@shared/format';

/** How an indicator reads: a count, a share or rate in percent, money in whole roubles or to the kopeck, hours or a star rating. */
export type IndicatorUnit = 'count' | 'percent' | 'roubles' | 'kopecks' | 'hours' | 'rating';

const FORMATS: Record<IndicatorUnit, (value: number) => string> = {
  count: (value) => number(value),
  percent: (value) => percent(value),
  roubles: (value) => roubles(value),
  kopecks: (value) => roublesToKopeck(value),
  hours: (value) => `${number(value, 1)} ч`,
  rating: (value) => number(value, 2),
};

/** An indicator's value as the card shows it; a dash for one the window has not. */
export const indicatorValue = (value: number | null, unit: IndicatorUnit) => (value === null ? '—' : FORMATS[unit](value));
