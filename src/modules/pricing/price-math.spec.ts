import { describe, expect, it } from 'vitest';

import { chunkCount, chunksOf } from './price-math';

describe('chunksOf', () => {
  it('slices in order, the last slice holding the rest', () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([1, 2], 1000)).toEqual([[1, 2]]);
    expect(chunksOf([], 3)).toEqual([]);
  });

  it('counts the uploads of a job', () => {
    expect([chunkCount(2500, 1000), chunkCount(1000, 1000), chunkCount(1, 1000), chunkCount(7, 3)]).toEqual([3, 1, 1, 3]);
  });
});
