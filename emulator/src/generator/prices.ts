import { CatalogShape, nmIdOf, sizesOf, vendorCodeOf } from './catalog';
import { intBetween, itemRandom } from './random';

/** Share of the newest cards that have no price yet (a card exists before its first price upload). */
const UNPRICED_SHARE = 0.02;

/** Cards 0 .. pricedCount-1 have prices; the newest ones do not yet, so a goods position is a card index. */
export function pricedCount(shape: CatalogShape): number {
  return shape.cards - Math.floor(shape.cards * UNPRICED_SHARE);
}

export interface PriceState {
  /** Whole roubles, per size in size order. */
  sizePrices: number[];
  discount: number;
  clubDiscount: number;
  editableSizePrice: boolean;
}

/** The generated price of a card: some cards have per-size prices, some a club discount. */
export function generatedPrice(shape: CatalogShape, index: number): PriceState {
  const random = itemRandom(shape.seed, index, 3);
  const sizes = sizesOf(shape, index).length;
  const base = intBetween(random, 3, 100) * 100 - (random() < 0.5 ? 10 : 0);
  const perSize = sizes > 1 && random() < 0.25;
  return {
    sizePrices: Array.from({ length: sizes }, (_, n) => (perSize ? base + n * 100 : base)),
    discount: random() < 0.15 ? 0 : intBetween(random, 5, 70),
    clubDiscount: random() < 0.4 ? intBetween(random, 3, 10) : 0,
    editableSizePrice: perSize,
  };
}

export interface Good {
  nmID: number;
  vendorCode: string;
  sizes: { sizeID: number; price: number; discountedPrice: number; clubDiscountedPrice: number; techSizeName: string }[];
  currencyIsoCode4217: string;
  discount: number;
  clubDiscount: number;
  editableSizePrice: boolean;
}

/** Roubles with kopecks, as the marketplace shows discounted prices (500 at 30 % and 5 % club: 350, 332.5). */
function discounted(amount: number, percent: number): number {
  return Math.round(amount * (100 - percent)) / 100;
}

/** Reference 2.2: one good of the goods list. */
export function goodOf(shape: CatalogShape, index: number, price: PriceState): Good {
  const sizes = sizesOf(shape, index);
  return {
    nmID: nmIdOf(shape, index),
    vendorCode: vendorCodeOf(shape, index),
    sizes: sizes.map((size, n) => {
      const discountedPrice = discounted(price.sizePrices[n], price.discount);
      return {
        sizeID: size.chrtID,
        price: price.sizePrices[n],
        discountedPrice,
        clubDiscountedPrice: discounted(discountedPrice, price.clubDiscount),
        techSizeName: size.techSize,
      };
    }),
    currencyIsoCode4217: 'RUB',
    discount: price.discount,
    clubDiscount: price.clubDiscount,
    editableSizePrice: price.editableSizePrice,
  };
}
