import { AppError } from '../../../common/errors/app-error';
import { daysBetween, shiftDay } from '../../../common/time/calendar-days';
import type { LedgerType } from '../../../database/schema/accounting';

/** How the P&L groups its rows: by Moscow day, ISO week (from Monday), calendar month, SKU or brand. */
export const PNL_GROUPINGS = ['day', 'week', 'month', 'nm', 'brand'] as const;
export type PnlGrouping = (typeof PNL_GROUPINGS)[number];

/** The P&L's figures that are sums of ledger rows: what a trace lists the rows of. */
export const PNL_LEDGER_FIGURES = [
  'revenue',
  'returns',
  'cogs',
  'commission',
  'logistics',
  'storage',
  'acceptance',
  'penalties',
  'acquiring',
  'otherMp',
  'advertising',
] as const;
export type PnlLedgerFigure = (typeof PNL_LEDGER_FIGURES)[number];

/**
 * Where each ledger type goes in the P&L, all with the sign that makes the figure positive for money in (revenue) and
 * for money out (the costs): revenue is Σ sale, every other figure −Σ of its types. A payout is a transfer, no P&L
 * figure; a manual tax row adds to the computed tax. Sale and return rows add their units × the cost price of their day
 * to cogs besides.
 */
export const PNL_FIGURE_OF_TYPE: Record<LedgerType, PnlLedgerFigure | 'tax' | null> = {
  sale: 'revenue',
  return: 'returns',
  cogs: 'cogs',
  commission: 'commission',
  logistics: 'logistics',
  storage: 'storage',
  acceptance: 'acceptance',
  acquiring: 'acquiring',
  penalty: 'penalties',
  deduction: 'penalties',
  compensation: 'otherMp',
  loyalty: 'otherMp',
  other: 'otherMp',
  packaging: 'otherMp',
  fulfilment: 'otherMp',
  advertising: 'advertising',
  tax: 'tax',
  payout: null,
};

/** The types of ledger rows a figure sums. */
export function typesOf(figure: PnlLedgerFigure | 'tax'): LedgerType[] {
  return (Object.keys(PNL_FIGURE_OF_TYPE) as LedgerType[]).filter((type) => PNL_FIGURE_OF_TYPE[type] === figure);
}

/** Figures +Σ their rows' amounts (money in); the others are −Σ (costs shown positive). */
export const INCOME_FIGURES: readonly PnlLedgerFigure[] = ['revenue'];

/**
 * Lump costs: rows of these types without a SKU are split over the SKUs by units sold in the period under nm and brand
 * grouping (and for a manager limited to brands, who sees only their SKUs' shares).
 */
export const SPLIT_TYPES = ['storage', 'acceptance', 'advertising'] as const satisfies readonly LedgerType[];

/** The period of a P&L: dateTo not before dateFrom and at most `maxDays` days long, else 400 BAD_REQUEST. */
export function checkPnlPeriod(period: { dateFrom: string; dateTo: string }, maxDays: number): void {
  const days = daysBetween(period.dateFrom, period.dateTo) + 1;
  if (days < 1) throw new AppError('BAD_REQUEST', 'Дата окончания периода раньше даты начала', { details: period });
  if (days > maxDays) throw new AppError('BAD_REQUEST', `Период P&L длиннее ${maxDays} дней`, { details: { ...period, maxDays } });
}

/** The rows a trace key names: the days of a day, week or month row, or the SKU or brand of a row. */
export type PnlKeyFilter = { days: { from: string; to: string } } | { nmId: number } | { brand: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const NM_ID = /^[1-9]\d{0,15}$/;

const isDay = (key: string) => DAY.test(key) && new Date(`${key}T00:00:00Z`).toISOString().slice(0, 10) === key;

/** A row's key as the P&L wrote it, read back for its grouping; a key the grouping never writes is 400 BAD_REQUEST. */
export function keyFilter(grouping: PnlGrouping, key: string): PnlKeyFilter {
  const bad = () => new AppError('BAD_REQUEST', `Ключ «${key}» не может быть строкой P&L по ${grouping}`, { details: { grouping, key } });
  switch (grouping) {
    case 'day':
      if (!isDay(key)) throw bad();
      return { days: { from: key, to: key } };
    case 'week':
      // ISO weeks start on Monday: 1970-01-05 was one.
      if (!isDay(key) || daysBetween('1970-01-05', key) % 7 !== 0) throw bad();
      return { days: { from: key, to: shiftDay(key, 6) } };
    case 'month': {
      if (!MONTH.test(key)) throw bad();
      const [year, month] = key.split('-').map(Number);
      return { days: { from: `${key}-01`, to: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10) } };
    }
    case 'nm':
      if (!NM_ID.test(key) || !Number.isSafeInteger(Number(key))) throw bad();
      return { nmId: Number(key) };
    case 'brand':
      return { brand: key };
  }
}
