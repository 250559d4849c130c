import { describe, expect, it } from 'vitest';

import { operationType } from './operation-types';

describe('operationType', () => {
  it.each([
    ['Продажа', 'sale'],
    ['Возврат', 'return'],
    ['Логистика', 'logistics'],
    ['Хранение', 'storage'],
    ['Платная приемка', 'acceptance'],
    ['Штраф', 'penalty'],
    ['Удержание', 'deduction'],
    ['Компенсация ущерба', 'compensation'],
    ['Стоимость участия в программе лояльности', 'loyalty'],
    ['Корректировка эквайринга', 'other'],
    ['', 'other'],
    ['toString', 'other'],
    ['продажа', 'other'],
  ])('%s → %s', (name, type) => {
    expect(operationType(name)).toBe(type);
  });
});
