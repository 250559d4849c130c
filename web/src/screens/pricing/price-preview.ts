import type { components } from '../../api/schema';

export type Product = components['schemas']['ProductItemDto'];

/** One product of a bulk change as the bulk route takes it; without a discount the product keeps its own. */
export interface PriceItem {
  nmID: number;
  price: number;
  discount?: number;
}

/** One row of a bulk change before it is sent: the item to send, or the reason it is left out. */
export interface BulkRow {
  /** The line of the uploaded file; null for a row made by a formula. */
  line: number | null;
  /** The nmID as given, so that a row that is not a number still shows what it had. */
  nmID: string;
  product?: Product;
  item?: PriceItem;
  reason?: string;
}

/** A change is highlighted when the price or the discounted price moves by more than this many percent. */
export const BIG_CHANGE_PERCENT = 20;

/** Whole roubles from an exact integer count of hundredths of a rouble, half rounded up, without float arithmetic. */
export function roundedRoubles(hundredths: number): number {
  const shifted = hundredths + 50;
  return (shifted - (shifted % 100)) / 100;
}

/** The price after a discount in whole roubles: price × (100 − discount) is an exact count of hundredths. */
export function discountedRoubles(price: number, discount: number): number {
  return roundedRoubles(price * (100 - discount));
}

/** Whether `next` differs from `old` by more than BIG_CHANGE_PERCENT of `old`, in integers (old of 0 or null: no). */
function bigMove(old: number | null, next: number): boolean {
  if (!old) return false;
  return Math.abs(next - old) * 100 > old * BIG_CHANGE_PERCENT;
}

/** Whether a row changes the product's price or its discounted price by more than BIG_CHANGE_PERCENT. */
export function isBigChange(product: Product, item: PriceItem): boolean {
  const oldDiscount = product.discount ?? 0;
  const oldDiscounted = product.price === null ? null : product.price * (100 - oldDiscount);
  const newDiscounted = item.price * (100 - (item.discount ?? oldDiscount));
  return bigMove(product.price, item.price) || bigMove(oldDiscounted, newDiscounted);
}
