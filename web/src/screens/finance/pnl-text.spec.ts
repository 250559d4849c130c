import { describe, expect, it } from 'vitest';

import { costOfDayText, figureText, PNL_COLUMNS, type PnlFigures, pnlKeyText } from './pnl-text';

const column = (field: string) => PNL_COLUMNS.find((one) => one.field === field)!;
const FIGURES = { revenue: 12345.67, cogs: 0.29, netProfit: -1250.5, marginPct: 12.35, roiPct: null } as PnlFigures;
const text = (value: string) => value.replace(/\u202f/g, ' ');

describe('figureText', () => {
  it.each([
    ['revenue', '12 345,67 ₽'],
    ['cogs', '0,29 ₽'],
    ['netProfit', '−1 250,50 ₽'],
    ['marginPct', '12,35 %'],
    ['roiPct', '—'],
  ])('%s reads %s', (field, expected) => {
    expect(text(figureText(FIGURES, column(field)))).toBe(expected);
  });
});

describe('the P&L columns', () => {
  it('open the ledger rows of every sum of rows and of nothing computed', () => {
    expect(PNL_COLUMNS.filter((one) => one.traced).map((one) => one.field)).toEqual([
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
    ]);
  });
});

describe('pnlKeyText', () => {
  it.each([
    ['day', '2026-11-30', '30.11.2026'],
    ['week', '2026-11-23', 'с 23.11.2026'],
    ['month', '2026-01', 'январь 2026'],
    ['month', '2026-12', 'декабрь 2026'],
    ['nm', '123456', '123456'],
    ['brand', 'Бренд', 'Бренд'],
    ['brand', '', 'Товары не из каталога'],
  ] as const)('%s %j reads %j', (groupBy, key, expected) => {
    expect(pnlKeyText(groupBy, key)).toBe(expected);
  });
});

describe('costOfDayText', () => {
  it.each([
    [250, '2026-11-01', '250 ₽ с 01.11.2026'],
    [99.9, null, '99,90 ₽'],
    [null, null, '—'],
  ])('%j from %j reads %j', (costPrice, validFrom, expected) => {
    expect(costOfDayText(costPrice, validFrom)).toBe(expected);
  });
});
