import { describe, expect, it } from 'vitest';

import { LEDGER_TYPES } from '../../../database/schema/accounting';
import { checkPnlPeriod, keyFilter, PNL_FIGURE_OF_TYPE, PNL_LEDGER_FIGURES, typesOf } from './pnl-lines';

describe('the P&L lines', () => {
  it('every ledger type has its place: payouts none, manual tax the tax line, each figure at least one type', () => {
    expect(Object.keys(PNL_FIGURE_OF_TYPE).sort()).toEqual([...LEDGER_TYPES].sort());
    expect(PNL_FIGURE_OF_TYPE.payout).toBeNull();
    expect(typesOf('tax')).toEqual(['tax']);
    for (const figure of PNL_LEDGER_FIGURES) expect(typesOf(figure).length, figure).toBeGreaterThan(0);
  });

  it.each([
    ['penalties', ['penalty', 'deduction']],
    ['otherMp', ['compensation', 'loyalty', 'other', 'packaging', 'fulfilment']],
    ['cogs', ['cogs']],
    ['revenue', ['sale']],
    ['returns', ['return']],
  ] as const)('%s sums %j', (figure, types) => {
    expect([...typesOf(figure)].sort()).toEqual([...types].sort());
  });

  it.each([
    ['day', '2026-11-05', { days: { from: '2026-11-05', to: '2026-11-05' } }],
    ['week', '2026-11-02', { days: { from: '2026-11-02', to: '2026-11-08' } }],
    ['week', '2026-12-28', { days: { from: '2026-12-28', to: '2027-01-03' } }],
    ['month', '2024-02', { days: { from: '2024-02-01', to: '2024-02-29' } }],
    ['month', '2026-12', { days: { from: '2026-12-01', to: '2026-12-31' } }],
    ['nm', '9007199254740991', { nmId: 9_007_199_254_740_991 }],
    ['brand', '', { brand: '' }],
    ['brand', 'Бренд', { brand: 'Бренд' }],
  ] as const)('a %s key %j names %j', (grouping, key, filter) => {
    expect(keyFilter(grouping, key)).toEqual(filter);
  });

  it.each([
    ['day', '2026-02-30'],
    ['day', '2026-11'],
    ['week', '2026-11-03'],
    ['month', '2026-13'],
    ['month', '2026-11-01'],
    ['nm', '0'],
    ['nm', '12a'],
    ['nm', '9007199254740993'],
  ] as const)('a %s key %j is 400 BAD_REQUEST', (grouping, key) => {
    expect(() => keyFilter(grouping, key)).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });

  it.each([
    [{ dateFrom: '2026-11-02', dateTo: '2026-11-02' }, true],
    [{ dateFrom: '2025-11-02', dateTo: '2026-11-02' }, true],
    [{ dateFrom: '2025-11-01', dateTo: '2026-11-02' }, false],
    [{ dateFrom: '2026-11-03', dateTo: '2026-11-02' }, false],
  ])('the period %j within 366 days: %s', (period, valid) => {
    const check = () => checkPnlPeriod(period, 366);
    if (valid) expect(check).not.toThrow();
    else expect(check).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });
});
