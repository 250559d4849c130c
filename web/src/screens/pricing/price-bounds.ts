/** Spec: Price change item. A price is whole roubles, at least 1. */
export const PRICE_MIN = 1;
/** The service keeps prices in a 4-byte integer column and refuses anything above it. */
export const PRICE_MAX = 2_147_483_647;
/** Spec: Price change item. A discount is whole percent from 0 to 99; 0 removes it. */
export const DISCOUNT_MAX = 99;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** A whole number as typed or read from a file: spaces between digit groups are allowed, nothing else. */
function wholeNumber(text: string): number | 'fraction' | 'other' {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (/^-?\d+$/.test(compact)) return Number(compact);
  if (/^-?\d+[.,]\d+$/.test(compact)) return 'fraction';
  return 'other';
}

export function checkPrice(text: string): Checked<number> {
  if (!text.trim()) return { ok: false, error: 'Укажите цену' };
  const value = wholeNumber(text);
  if (value === 'fraction') return { ok: false, error: 'Цена — целые рубли, без копеек' };
  if (value === 'other') return { ok: false, error: 'Цена — целое число рублей' };
  if (value < PRICE_MIN) return { ok: false, error: `Цена не меньше ${PRICE_MIN} ₽` };
  if (value > PRICE_MAX) return { ok: false, error: 'Слишком большая цена' };
  return { ok: true, value };
}

/** An empty discount is no discount in the change: the product keeps the one it has. */
export function checkDiscount(text: string): Checked<number | undefined> {
  if (!text.trim()) return { ok: true, value: undefined };
  const value = wholeNumber(text);
  if (value === 'other' || value === 'fraction') return { ok: false, error: 'Скидка — целое число процентов' };
  if (value < 0 || value > DISCOUNT_MAX) return { ok: false, error: `Скидка от 0 до ${DISCOUNT_MAX} %` };
  return { ok: true, value };
}

/** Spec: Pricing routes: the bulk route takes at most 1000 items. */
export const BULK_ITEMS_MAX = 1000;
