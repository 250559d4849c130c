import { describe, expect, it } from 'vitest';

import { actionText, boundsText, conditionText, metricText, scopeText } from './rule-text';

describe('a rule in words, as the table shows it whatever the API stored', () => {
  it.each([
    ['stock_days', 'Остаток на маркетплейсе'],
    ['sales_rank', 'Заказы за 7 дней'],
    ['margin_pct', 'Маржа, %'],
    ['price_gap_pct', 'Процент выкупа / Текущая цена'],
  ] as const)('the metric %s of a rule without a label reads %s', (conditionMetric, text) => {
    expect(metricText({ conditionMetric, conditionLabel: null })).toBe(text);
  });

  it.each([
    ['buyout_pct', 'Процент выкупа'],
    ['current_price', 'Текущая цена'],
  ] as const)('price_gap_pct chosen in the form as %s reads %s alone', (conditionLabel, text) => {
    expect(metricText({ conditionMetric: 'price_gap_pct', conditionLabel })).toBe(text);
  });

  it.each([
    ['gt', 30, 'Остаток на маркетплейсе больше 30'],
    ['lt', 2.5, 'Остаток на маркетплейсе меньше 2,5'],
    ['eq', 0, 'Остаток на маркетплейсе равно 0'],
    ['gte', 10, 'Остаток на маркетплейсе не меньше 10'],
    ['lte', -1, 'Остаток на маркетплейсе не больше −1'],
    ['always', null, 'Всегда'],
  ] as const)('the operator %s with %s reads %s', (conditionOperator, conditionValue, text) => {
    expect(conditionText({ conditionMetric: 'stock_days', conditionLabel: null, conditionOperator, conditionValue })).toBe(text);
  });

  it.each([
    ['percent', -10, '−10 %'],
    ['percent', 500, '+500 %'],
    ['percent', 12.5, '+12,5 %'],
    ['absolute', -150, '−150 ₽'],
    ['absolute', 40, '+40 ₽'],
  ] as const)('the change %s %d reads %s', (actionType, actionValue, text) => {
    expect(actionText({ actionType, actionValue })).toBe(text);
  });

  it.each([
    [null, null, 'без границ'],
    [100, null, 'от 100 ₽'],
    [null, 900, 'до 900 ₽'],
    [100, 2500, 'от 100 ₽ до 2\u202f500 ₽'],
  ])('bounds %s..%s read %s', (minPrice, maxPrice, text) => {
    expect(boundsText({ minPrice, maxPrice })).toBe(text);
  });

  it.each([
    ['sku', '123', 'Товар 123'],
    ['brand', 'Acme', 'Бренд Acme'],
    ['list', '[1, 2,3]', 'Список: 1, 2, 3'],
    ['list', '[1', 'Список: '],
  ] as const)('the scope %s %s reads %s', (scope, scopeValue, text) => {
    expect(scopeText({ scope, scopeValue })).toBe(text);
  });
});
