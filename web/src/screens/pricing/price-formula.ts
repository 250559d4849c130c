import { percent } from '@shared/format';

import { type Checked, checkPrice } from './price-bounds';
import { type BulkRow, type Product, roundedRoubles } from './price-preview';

/** set: the price becomes X ₽; percent: ±N % of the price; roubles: ±N ₽ to the price. */
export type FormulaKind = 'set' | 'percent' | 'roubles';

export interface Formula {
  kind: FormulaKind;
  amount: number;
}

/** A price can fall by 99 % at most: −100 % would make it 0. */
const PERCENT_MIN = -99;

/** The amount typed for a formula: a whole number (a sign allowed for changes), the set price within the bounds. */
export function checkFormulaAmount(kind: FormulaKind, text: string): Checked<number> {
  if (kind === 'set') return checkPrice(text);
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (!/^[-+]?\d+$/.test(compact)) return { ok: false, error: 'Целое число, со знаком минус для снижения' };
  const amount = Number(compact);
  if (amount === 0) return { ok: false, error: 'Изменение не может быть нулевым' };
  if (kind === 'percent' && amount < PERCENT_MIN) return { ok: false, error: `Не ниже ${percent(PERCENT_MIN)}` };
  return { ok: true, value: amount };
}

/**
 * The new price in whole roubles. A percent change rounds half up to the rouble, in integers only: price × (100 + N)
 * is an exact count of hundredths of a rouble, rounded in integers, so no float rounding enters.
 */
export function formulaPrice(price: number, { kind, amount }: Formula): number {
  if (kind === 'set') return amount;
  if (kind === 'roubles') return price + amount;
  return roundedRoubles(price * (100 + amount));
}

/** A row per product; the discount stays as it is. A product without a price or with a new price out of bounds is left out. */
export function formulaRows(products: readonly Product[], formula: Formula): BulkRow[] {
  return products.map((product): BulkRow => {
    const base = { line: null, nmID: String(product.nmId), product };
    if (product.price === null && formula.kind !== 'set') return { ...base, reason: 'У товара пока нет цены' };
    const price = checkPrice(String(formulaPrice(product.price ?? 0, formula)));
    if (!price.ok) return { ...base, reason: price.error };
    return { ...base, item: { nmID: product.nmId, price: price.value } };
  });
}
