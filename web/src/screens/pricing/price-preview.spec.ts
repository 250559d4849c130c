import { describe, expect, it } from 'vitest';

import { discountedRoubles, isBigChange, type Product } from './price-preview';

const product = (price: number | null, discount: number | null): Product => ({
  nmId: 1,
  vendorCode: 'V-1',
  title: 'Товар',
  brand: 'Бренд',
  brandId: null,
  photo: null,
  price,
  discount,
  discountedPrice: null,
  clubDiscount: null,
  priceUpdatedAt: null,
  pricePending: false,
  costPrice: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('discountedRoubles', () => {
  it.each([
    [1000, 0, 1000],
    [1000, 10, 900],
    [4321, 10, 3889],
    [1999, 50, 1000],
    [1001, 50, 501],
    [3, 50, 2],
    [1, 99, 0],
    [2_147_483_647, 1, 2_126_008_811],
  ])('%i ₽ at %i %% is %i ₽', (price, discount, expected) => {
    expect(discountedRoubles(price, discount)).toBe(expected);
  });
});

describe('isBigChange', () => {
  it.each([
    ['price +20 % exactly', product(1000, 0), { nmID: 1, price: 1200 }, false],
    ['price +21 %', product(1000, 0), { nmID: 1, price: 1201 }, true],
    ['price −20 % exactly', product(1000, 10), { nmID: 1, price: 800 }, false],
    ['price −21 %', product(1000, 10), { nmID: 1, price: 790 }, true],
    ['same price, discount 10 → 40', product(1000, 10), { nmID: 1, price: 1000, discount: 40 }, true],
    ['same price, discount 10 → 20', product(1000, 10), { nmID: 1, price: 1000, discount: 20 }, false],
    ['discount kept when the item has none', product(1000, 50), { nmID: 1, price: 1100 }, false],
    ['product without a price', product(null, null), { nmID: 1, price: 5000 }, false],
  ])('%s', (_, old, item, expected) => {
    expect(isBigChange(old, item)).toBe(expected);
  });
});
