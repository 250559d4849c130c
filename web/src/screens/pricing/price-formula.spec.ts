import { describe, expect, it } from 'vitest';

import { checkFormulaAmount, type Formula, formulaPrice, formulaRows } from './price-formula';
import type { Product } from './price-preview';

describe('formulaPrice', () => {
  it.each<[string, number, Formula, number]>([
    ['set to X ₽', 1000, { kind: 'set', amount: 1490 }, 1490],
    ['+N ₽', 1000, { kind: 'roubles', amount: 150 }, 1150],
    ['−N ₽', 1000, { kind: 'roubles', amount: -150 }, 850],
    ['+10 %', 1000, { kind: 'percent', amount: 10 }, 1100],
    ['−15 %', 1000, { kind: 'percent', amount: -15 }, 850],
    ['+10 % of 999 rounds 1098.9 up', 999, { kind: 'percent', amount: 10 }, 1099],
    ['+10 % of 995 is 1094.5, half rounds up', 995, { kind: 'percent', amount: 10 }, 1095],
    ['−10 % of 995 is 895.5, half rounds up', 995, { kind: 'percent', amount: -10 }, 896],
    ['+7 % of 1234 is 1320.38, rounds down', 1234, { kind: 'percent', amount: 7 }, 1320],
    ['+15 % of 50 is 57.5 exactly, though 50 × 1.15 is 57.4999… in floats', 50, { kind: 'percent', amount: 15 }, 58],
    ['−99 % of 1 is 0.01 → 0', 1, { kind: 'percent', amount: -99 }, 0],
  ])('%s', (_, price, formula, expected) => {
    expect(formulaPrice(price, formula)).toBe(expected);
  });
});

describe('checkFormulaAmount', () => {
  it.each([
    ['set', '1490', { ok: true, value: 1490 }],
    ['set', '0', { ok: false, error: 'Цена не меньше 1 ₽' }],
    ['percent', '-15', { ok: true, value: -15 }],
    ['percent', '+10', { ok: true, value: 10 }],
    ['percent', '-100', { ok: false, error: 'Не ниже −99 %' }],
    ['percent', '0', { ok: false, error: 'Изменение не может быть нулевым' }],
    ['percent', '2.5', { ok: false, error: 'Целое число, со знаком минус для снижения' }],
    ['roubles', '- 1 000', { ok: true, value: -1000 }],
    ['roubles', '', { ok: false, error: 'Целое число, со знаком минус для снижения' }],
  ] as const)('%s %j', (kind, text, expected) => {
    expect(checkFormulaAmount(kind, text)).toEqual(expected);
  });
});

describe('formulaRows', () => {
  const product = (nmId: number, price: number | null) => ({ nmId, title: `Товар ${nmId}`, price, discount: 10 }) as Product;

  it('changes the price of every product and keeps its discount', () => {
    expect(formulaRows([product(1, 1000), product(2, 2000)], { kind: 'percent', amount: -10 }).map((row) => row.item)).toEqual([
      { nmID: 1, price: 900 },
      { nmID: 2, price: 1800 },
    ]);
  });

  it('leaves out a product without a price unless the price is set, and one whose new price is below 1 ₽', () => {
    const rows = formulaRows([product(1, null), product(2, 100)], { kind: 'roubles', amount: -100 });
    expect(rows.map((row) => [row.nmID, row.reason])).toEqual([
      ['1', 'У товара пока нет цены'],
      ['2', 'Цена не меньше 1 ₽'],
    ]);
    expect(formulaRows([product(1, null)], { kind: 'set', amount: 500 })[0].item).toEqual({ nmID: 1, price: 500 });
  });
});
