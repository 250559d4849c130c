import { describe, expect, it } from 'vitest';

import { PREVIEW_PAGE_SIZE, previewItems, previewPage } from './preview-page';

describe('previewPage', () => {
  type Row = { line: number; item?: { nmID: number }; reason?: string };
  const valid = (n: number): Row => ({ line: n, item: { nmID: n } });
  const refused = (n: number): Row => ({ line: n, reason: 'Товара нет в каталоге кабинета' });
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

describe('previewItems', () => {
  type PriceRow = { line: number; item?: { nmID: number; price: number; discount?: number }; reason?: string };

  it('takes only the items of the valid rows, in order', () => {
    const rows: PriceRow[] = [
      { line: 2, item: { nmID: 1, price: 100 } },
      { line: 3, reason: 'nmID — целое положительное число' },
      { line: 4, item: { nmID: 2, price: 200, discount: 5 } },
    ];
    expect(previewItems(rows)).toEqual([
      { nmID: 1, price: 100 },
      { nmID: 2, price: 200, discount: 5 },
    ]);
  });
});
