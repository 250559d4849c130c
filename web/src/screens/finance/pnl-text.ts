import { day, kopecksAsRoubles, NO_VALUE, percent } from '@shared/format';

import type { components, paths } from '../../api/schema';

export type PnlQuery = NonNullable<paths['/accounting/reports/pnl']['get']['parameters']['query']>;
export type PnlGrouping = NonNullable<PnlQuery['groupBy']>;
export type PnlFigures = components['schemas']['PnlFiguresDto'];
export type PnlRow = components['schemas']['PnlRowDto'];
/** The figures that are sums of ledger rows: each opens the rows it is made of. */
export type TracedField = NonNullable<paths['/accounting/reports/pnl/trace']['get']['parameters']['query']>['field'];

export const GROUPING_TEXT: Record<PnlGrouping, string> = {
  day: 'Дни',
  week: 'Недели',
  month: 'Месяцы',
  nm: 'Товары',
  brand: 'Бренды',
};

/** The first column's title by grouping. */
export const KEY_TITLE: Record<PnlGrouping, string> = { day: 'День', week: 'Неделя', month: 'Месяц', nm: 'nmID', brand: 'Бренд' };

type MoneyField = Exclude<keyof PnlFigures, 'marginPct' | 'roiPct' | 'costCoveragePct'>;
type PercentField = Extract<keyof PnlFigures, 'marginPct' | 'roiPct' | 'costCoveragePct'>;

/** A column of the P&L: a money figure (traced to its ledger rows when it is a sum of them) or a percentage. */
export type PnlColumn =
  | { field: MoneyField; label: string; traced: TracedField | null; kind: 'money' }
  | { field: PercentField; label: string; traced: null; kind: 'percent' };

const money = (field: MoneyField, label: string, traced: boolean): PnlColumn => ({
  field,
  label,
  traced: traced ? (field as TracedField) : null,
  kind: 'money',
});
const share = (field: PercentField, label: string): PnlColumn => ({ field, label, traced: null, kind: 'percent' });

/** The P&L's columns in the order it adds them up: revenue less the marketplace's costs, advertising and tax. */
export const PNL_COLUMNS: readonly PnlColumn[] = [
  money('revenue', 'Выручка', true),
  money('returns', 'Возвраты', true),
  money('cogs', 'Себестоимость', true),
  money('commission', 'Комиссия', true),
  money('logistics', 'Логистика', true),
  money('storage', 'Хранение', true),
  money('acceptance', 'Приёмка', true),
  money('penalties', 'Штрафы и удержания', true),
  money('acquiring', 'Эквайринг', true),
  money('otherMp', 'Прочее', true),
  money('operatingProfit', 'Операционная прибыль', false),
  money('advertising', 'Реклама', true),
  money('tax', 'Налог', false),
  money('netProfit', 'Чистая прибыль', false),
  share('marginPct', 'Маржа'),
  share('roiPct', 'ROI'),
  share('costCoveragePct', 'Покрыто себестоимостью'),
];

/** A figure as its cell reads it: money to the kopeck (counted in kopecks), a percentage or a dash. */
export function figureText(figures: PnlFigures, column: PnlColumn): string {
  if (column.kind === 'percent') return percent(figures[column.field]);
  return kopecksAsRoubles(Math.round(figures[column.field] * 100));
}

const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];

/** A row's key as the seller reads it: a day, the week from its Monday, a month, an nmID, a brand (or cards the catalog lacks). */
export function pnlKeyText(groupBy: PnlGrouping, key: string): string {
  switch (groupBy) {
    case 'day':
      return day(key);
    case 'week':
      return `с ${day(key)}`;
    case 'month':
      return `${MONTHS[Number(key.slice(5, 7)) - 1] ?? key} ${key.slice(0, 4)}`;
    case 'nm':
      return key;
    case 'brand':
      return key || 'Товары не из каталога';
  }
}

/** A traced row's cost price of its day, for the cost of goods: «250 ₽ с 01.11.2026», or a dash without one. */
export function costOfDayText(costPrice: number | null, validFrom: string | null): string {
  if (costPrice === null) return NO_VALUE;
  const price = kopecksAsRoubles(Math.round(costPrice * 100));
  return validFrom ? `${price} с ${day(validFrom)}` : price;
}
