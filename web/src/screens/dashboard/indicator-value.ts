import { roubles } from '@shared/money';

import { percent } from '../../ui/format';

/** How an indicator reads: a count, a share or rate in percent, money, hours or a star rating. */
export type IndicatorUnit = 'count' | 'percent' | 'roubles' | 'hours' | 'rating';

const FORMATS: Record<IndicatorUnit, (value: number) => string> = {
  count: (value) => value.toLocaleString('ru-RU'),
  percent: (value) => percent(value),
  roubles: (value) => roubles(value),
  hours: (value) => `${value.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} ч`,
  rating: (value) => value.toLocaleString('ru-RU', { maximumFractionDigits: 2 }),
};

/** An indicator's value as the card shows it; a dash for one the window has not. */
export const indicatorValue = (value: number | null, unit: IndicatorUnit) => (value === null ? '—' : FORMATS[unit](value));
