import { describe, expect, it } from 'vitest';

import { lowerCase } from './lower-case';

describe('lowerCase', () => {
  it.each([
    ['Футболка ХЛОПОК Mira XL', 'футболка хлопок mira xl'],
    ['Ёлка и ЁЖ, Ѐ Ѝ Ў Џ', 'ёлка и ёж, ѐ ѝ ў џ'],
    ['', ''],
    ['Straße ÀÉÎ İ Σ', 'straße àéî i̇ σ'],
    ['ΣΟΦΙΑ и София', 'σοφια и софия'],
    ['Цена 100 ₽ — СКИДКА', 'цена 100 ₽ — скидка'],
  ])('%s', (text, lowered) => {
    expect(lowerCase(text)).toBe(lowered);
    expect(lowerCase(text)).toBe(text.toLowerCase());
  });
});
