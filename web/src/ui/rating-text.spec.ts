import { describe, expect, it } from 'vitest';

import { ratingText } from './rating-text';

describe('ratingText', () => {
  it.each<[number | null, string]>([
    [5, '★★★★★'],
    [2, '★★☆☆☆'],
    [null, 'без оценки'],
  ])('%s', (rating, text) => {
    expect(ratingText(rating)).toBe(text);
  });
});
