import { describe, expect, it } from 'vitest';

import {
  FORM_METRIC_LABELS,
  FORM_UNCONDITIONAL_THRESHOLD,
  formLabelsOf,
  FormNormalizable,
  metricOfFormLabel,
  normalizeForForm,
} from './repricer-form';

const rule = (extra: Partial<FormNormalizable> = {}) => ({
  name: 'Правило',
  conditionMetric: 'stock_days' as const,
  conditionOperator: 'gt' as const,
  conditionValue: 30,
  actionType: 'percent' as const,
  actionValue: 10,
  minPrice: 100,
  maxPrice: null,
  ...extra,
});

describe('form metric labels (engine rule 9)', () => {
  it.each([
    ['marketplace_stock', 'stock_days'],
    ['orders_7d', 'sales_rank'],
    ['margin_pct', 'margin_pct'],
    ['buyout_pct', 'price_gap_pct'],
    ['current_price', 'price_gap_pct'],
  ] as const)('%s maps to %s', (id, metric) => {
    expect(metricOfFormLabel(id)).toBe(metric);
  });

  it('every label is Russian text and every engine metric has at least one label; price_gap_pct has two', () => {
    for (const entry of FORM_METRIC_LABELS) expect(entry.label).toMatch(/^[А-ЯЁ][а-яё ,%0-9]+$/);
    expect(formLabelsOf('stock_days').map((entry) => entry.label)).toEqual(['Остаток на маркетплейсе']);
    expect(formLabelsOf('sales_rank').map((entry) => entry.label)).toEqual(['Заказы за 7 дней']);
    expect(formLabelsOf('margin_pct').map((entry) => entry.label)).toEqual(['Маржа, %']);
    expect(formLabelsOf('price_gap_pct').map((entry) => entry.label)).toEqual(['Процент выкупа', 'Текущая цена']);
  });
});

describe('normalizeForForm (engine rule 8)', () => {
  it('a rule the form can already show passes unchanged, other fields included', () => {
    for (const operator of ['gt', 'lt', 'eq'] as const) {
      for (const actionValue of [1, -1, 50, -50, 12.5]) {
        const input = rule({ conditionOperator: operator, actionValue });
        expect(normalizeForForm(input)).toEqual({ rule: input, rewrites: [] });
      }
    }
  });

  it.each([
    ['lte', 'lt'],
    ['gte', 'gt'],
  ] as const)('%s becomes %s with the same threshold', (from, to) => {
    expect(normalizeForForm(rule({ conditionOperator: from, conditionValue: 7.5 }))).toEqual({
      rule: rule({ conditionOperator: to, conditionValue: 7.5 }),
      rewrites: ['operatorNarrowed'],
    });
  });

  it('always becomes gt the lowest threshold, flagged because it then needs the metric to fire', () => {
    expect(normalizeForForm(rule({ conditionOperator: 'always', conditionValue: null }))).toEqual({
      rule: rule({ conditionOperator: 'gt', conditionValue: FORM_UNCONDITIONAL_THRESHOLD }),
      rewrites: ['unconditionalToThreshold'],
    });
    expect(FORM_UNCONDITIONAL_THRESHOLD).toBe(-9_999_999_999);
  });

  it.each([
    [500, 50],
    [50.01, 50],
    [0.5, 1],
    [-0.5, -1],
    [-99, -50],
    [0, 1],
  ])('percent %d is clamped to %d, keeping the direction', (from, to) => {
    expect(normalizeForForm(rule({ actionValue: from }))).toEqual({ rule: rule({ actionValue: to }), rewrites: ['percentClamped'] });
  });

  it('absolute roubles become whole percent of the reference price, clamped', () => {
    const cases: [number, number, number, string[]][] = [
      [-150, 1000, -15, ['absoluteToPercent']],
      [125, 1000, 13, ['absoluteToPercent']],
      [-125, 1000, -13, ['absoluteToPercent']],
      [900, 1000, 50, ['absoluteToPercent', 'percentClamped']],
      [1, 1000, 1, ['absoluteToPercent', 'percentClamped']],
      [-1, 1000, -1, ['absoluteToPercent', 'percentClamped']],
    ];
    for (const [roubles, referencePrice, percent, rewrites] of cases) {
      expect(normalizeForForm(rule({ actionType: 'absolute', actionValue: roubles }), { referencePrice })).toEqual({
        rule: rule({ actionType: 'percent', actionValue: percent }),
        rewrites,
      });
    }
  });

  it('absolute roubles without a reference price become 1 percent in the same direction', () => {
    expect(normalizeForForm(rule({ actionType: 'absolute', actionValue: 300 })).rule.actionValue).toBe(1);
    expect(normalizeForForm(rule({ actionType: 'absolute', actionValue: -300 }))).toEqual({
      rule: rule({ actionType: 'percent', actionValue: -1 }),
      rewrites: ['absoluteToPercent'],
    });
  });

  it('several rewrites at once', () => {
    expect(
      normalizeForForm(rule({ conditionOperator: 'gte', actionType: 'absolute', actionValue: 5000 }), { referencePrice: 2000 }),
    ).toEqual({
      rule: rule({ conditionOperator: 'gt', actionType: 'percent', actionValue: 50 }),
      rewrites: ['operatorNarrowed', 'absoluteToPercent', 'percentClamped'],
    });
  });
});
