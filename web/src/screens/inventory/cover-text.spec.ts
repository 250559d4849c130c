import { describe, expect, it } from 'vitest';

import { coverText, velocityText } from './cover-text';

describe('cover texts', () => {
  it.each([
    [null, '—'],
    [0, '0'],
    [0.4, 'меньше 1'],
    [6.9, '6'],
    [1250.2, '1\u202f250'],
  ])('%s days of cover read «%s»', (days, text) => {
    expect(coverText(days)).toBe(text);
  });

  it.each([
    [null, '—'],
    [2.54, '2,5'],
    [1, '1'],
    [0.5, '0,5'],
    [1 / 28, '0,04'],
    [0.09999999999999999, '0,1'],
    [0.004, 'меньше 0,01'],
    [0, '0'],
  ])('%s a day reads «%s»', (velocity, text) => {
    expect(velocityText(velocity)).toBe(text);
  });
});
