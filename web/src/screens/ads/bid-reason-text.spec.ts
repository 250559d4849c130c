import { describe, expect, it } from 'vitest';

import { reasonInRoubles } from './bid-reason-text';

describe('a bid reason of the service reads in roubles', () => {
  it.each([
    ['Повышение к целевой цене клика 1250 коп. (границы 100–5050 коп.)', 'Повышение к целевой цене клика 12,50 ₽ (границы 1 ₽ – 50,50 ₽)'],
    ['Ставка не изменилась', 'Ставка не изменилась'],
    ['Снижение к 7 коп.', 'Снижение к 0,07 ₽'],
  ])('the reason %j reads %j', (reason, shown) => {
    expect(reasonInRoubles(reason)).toBe(shown);
  });
});
