import { describe, expect, it } from 'vitest';

import {
  type BulkRow,
  discountedRoubles,
  isBigChange,
  PREVIEW_PAGE_SIZE,
  previewPage,
  type Product,
  rowCounts,
  sendableItems,
} from './price-preview';

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

describe('rowCounts and sendableItems', () => {
  const rows: BulkRow[] = [
    { line: 2, nmID: '1', item: { nmID: 1, price: 100 } },
    { line: 3, nmID: 'x', reason: 'nmID — целое положительное число' },
    { line: 4, nmID: '2', item: { nmID: 2, price: 200, discount: 5 } },
  ];

  it('counts the rows with an item as valid and the others as invalid', () => {
    expect(rowCounts(rows)).toEqual({ valid: 2, invalid: 1 });
  });

  it('sends only the items of the valid rows, in order', () => {
    expect(sendableItems(rows)).toEqual([
      { nmID: 1, price: 100 },
      { nmID: 2, price: 200, discount: 5 },
    ]);
  });
});

describe('previewPage', () => {
  const valid = (n: number): BulkRow => ({ line: n, nmID: String(n), item: { nmID: n, price: 100 } });
  const refused = (n: number): BulkRow => ({ line: n, nmID: String(n), reason: 'Товара нет в каталоге кабинета' });
  const rows = [
    ...Array.from({ length: 30 }, (_, i) => valid(i + 2)),
    refused(32),
    ...Array.from({ length: 14 }, (_, i) => valid(i + 33)),
    refused(47),
  ];

  it('shows the refused rows first on page 1, then the valid ones in file order', () => {
    const first = previewPage(rows, 1);
    expect(first.totalPages).toBe(3);
    expect(first.rows.map((row) => row.line)).toEqual([32, 47, ...Array.from({ length: PREVIEW_PAGE_SIZE - 2 }, (_, i) => i + 2)]);
  });

  it('the last page holds the remainder, and a page past the end shows the last one', () => {
    expect(previewPage(rows, 3).rows.map((row) => row.line)).toEqual([41, 42, 43, 44, 45, 46]);
    expect(previewPage(rows, 9).rows).toEqual(previewPage(rows, 3).rows);
  });

  it('an empty preview has one empty page', () => {
    expect(previewPage([], 1)).toEqual({ rows: [], totalPages: 1 });
  });
});
