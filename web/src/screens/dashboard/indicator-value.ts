import { number, percent, roubles } from '@shared/format';

/** How an indicator reads: a count, a share or rate in percent, money, hours or a star rating. */
export type IndicatorUnit = 'count' | 'percent' | 'roubles' | 'hours' | 'rating';

const FORMATS: Record<IndicatorUnit, (value: number) => string> = {
  count: (value) => number(value),
  percent: (value) => percent(value),
  roubles: (value) => roubles(value),
  hours: (value) => `${number(value, 1)} ч`,
  rating: (value) => number(value, 2),
};

/** An indicator's value as the card shows it; a dash for one the window has not. */
export const indicatorValue = (value: number | null, unit: IndicatorUnit) => (value === null ? '—' : FORMATS[unit](value));
