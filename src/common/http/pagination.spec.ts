import { describe, expect, it } from 'vitest';

import { pageOffset, toPage } from './pagination';

describe('toPage', () => {
  it.each([
    [{ page: 1, limit: 20 }, 0, { total: 0, page: 1, limit: 20, totalPages: 0, hasNext: false, hasPrev: false }],
    [{ page: 1, limit: 20 }, 20, { total: 20, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false }],
    [{ page: 1, limit: 20 }, 21, { total: 21, page: 1, limit: 20, totalPages: 2, hasNext: true, hasPrev: false }],
    [{ page: 3, limit: 10 }, 25, { total: 25, page: 3, limit: 10, totalPages: 3, hasNext: false, hasPrev: true }],
    [{ page: 5, limit: 10 }, 25, { total: 25, page: 5, limit: 10, totalPages: 3, hasNext: false, hasPrev: true }],
  ])('%o with total %d', (query, total, meta) => {
    expect(toPage([], total, query).meta).toEqual(meta);
  });

  it('offsets by whole pages', () => {
    expect(pageOffset({ page: 1, limit: 20 })).toBe(0);
    expect(pageOffset({ page: 4, limit: 25 })).toBe(75);
  });
});
