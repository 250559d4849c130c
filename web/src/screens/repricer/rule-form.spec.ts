import { describe, expect, it } from 'vitest';

import {
  formErrors,
  formValuesOf,
  isOutsideForm,
  NEW_RULE_VALUES,
  rewrittenFields,
  ruleChanges,
  ruleFieldsOf,
  RuleFormValues,
} from './rule-form';
import type { Rule } from './rule-text';

const stored = (overrides: Partial<Rule> = {}): Rule => ({
  id: '00000000-0000-0000-0000-000000000001',
  mpAccountId: '00000000-0000-0000-0000-000000000002',
  name: 'Правило',
  conditionMetric: 'stock_days',
  conditionLabel: null,
  conditionOperator: 'gt',
  conditionValue: 30,
  actionType: 'percent',
  actionValue: -10,
  minPrice: 100,
  maxPrice: null,
  scope: 'sku',
  scopeValue: '123',
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

const values = (overrides: Partial<RuleFormValues> = {}): RuleFormValues => ({
  ...NEW_RULE_VALUES,
  name: 'Правило',
  threshold: 30,
  ...overrides,
});

describe('the rule form maps its labels and its narrower set to the API (engine rules 8 and 9)', () => {
  it('a metric label saves the engine metric it stands for', () => {
    expect(ruleFieldsOf(values({ metricLabel: 'orders_7d' })).conditionMetric).toBe('sales_rank');
    expect(ruleFieldsOf(values({ metricLabel: 'current_price' })).conditionMetric).toBe('price_gap_pct');
  });

  it.each([
    [{ direction: 'lower', percent: 10 }, 'percent', -10],
    [{ direction: 'raise', percent: 50 }, 'percent', 50],
    [{ direction: 'raise', percent: 12.5 }, 'percent', 12.5],
  ] as const)('%o saves the change %s %d', (change, actionType, actionValue) => {
    expect(ruleFieldsOf(values(change))).toMatchObject({ actionType, actionValue });
  });

  it.each([
    ['sku', ' 123 ', '123'],
    ['brand', 'Acme', 'Acme'],
    ['list', '1, 2  3;4', '[1,2,3,4]'],
    ['list', '1, abc', '[1,"abc"]'],
  ] as const)('the %s scope typed as %j is saved as %j', (scope, scopeValue, saved) => {
    expect(ruleFieldsOf(values({ scope, scopeValue })).scopeValue).toBe(saved);
  });

  it('empty price bounds are saved as none', () => {
    expect(ruleFieldsOf(values({ minPrice: '', maxPrice: 900 }))).toMatchObject({ minPrice: null, maxPrice: 900 });
  });

  it.each([
    [{ percent: 0 }, { percent: 'От 1 до 50 %' }],
    [{ percent: 51 }, { percent: 'От 1 до 50 %' }],
    [{ percent: '' }, { percent: 'От 1 до 50 %' }],
    [{ percent: 1 }, {}],
    [{ percent: 50 }, {}],
    [{ threshold: '' }, { threshold: 'Укажите порог' }],
    [{ threshold: 0 }, {}],
  ] as const)('%o gives the errors %o', (input, errors) => {
    expect(formErrors(values(input))).toEqual(errors);
  });
});

describe('a stored rule in the form', () => {
  it.each([
    ['gt', 30, -10, false],
    ['lt', 30, 50, false],
    ['eq', 30, 1, false],
    ['lte', 30, -10, true],
    ['gte', 30, -10, true],
    ['always', null, -10, true],
    ['gt', 30, 0.5, true],
    ['gt', 30, -99, true],
    ['gt', 30, 500, true],
    ['gt', 30, 0, true],
  ] as const)('operator %s, threshold %s, percent %d: outside the form %s', (conditionOperator, conditionValue, actionValue, outside) => {
    expect(isOutsideForm(stored({ conditionOperator, conditionValue, actionValue }))).toBe(outside);
  });

  it('roubles are outside the form', () => {
    expect(isOutsideForm(stored({ actionType: 'absolute', actionValue: -150 }))).toBe(true);
  });

  it.each([
    [{ conditionOperator: 'gt', conditionValue: 30, actionValue: -10 }, []],
    [{ conditionOperator: 'always', conditionValue: null, actionValue: -10 }, ['conditionOperator']],
    [{ conditionOperator: 'gte', conditionValue: 30, actionValue: 500 }, ['conditionOperator', 'actionValue']],
    [{ actionType: 'absolute', actionValue: -150 }, ['actionType']],
  ] as const)('%o: the form rewrites %o', (rule, fields) => {
    expect(rewrittenFields(stored(rule))).toEqual(fields);
  });

  it('a rule of the form comes back unchanged and saving it changes nothing', () => {
    const rule = stored();
    expect(formValuesOf(rule)).toEqual(values({ percent: 10, minPrice: 100, scopeValue: '123' }));
    expect(ruleChanges(rule, ruleFieldsOf(formValuesOf(rule)))).toEqual([]);
  });

  it('a list rule shows its nmIDs as typed and is saved as the same list', () => {
    const rule = stored({ scope: 'list', scopeValue: '[7, 8,9]' });
    expect(formValuesOf(rule).scopeValue).toBe('7, 8, 9');
    expect(ruleChanges(rule, ruleFieldsOf(formValuesOf(rule)))).toEqual([]);
  });

  it('buyout percent and current price both stand for price_gap_pct: the first label is shown', () => {
    expect(formValuesOf(stored({ conditionMetric: 'price_gap_pct' })).metricLabel).toBe('buyout_pct');
  });

  it.each<[Partial<Rule>, { field: string; from: string; to: string }[]]>([
    [
      { conditionOperator: 'gte' },
      [{ field: 'Условие', from: 'Остаток на маркетплейсе не меньше 30', to: 'Остаток на маркетплейсе больше 30' }],
    ],
    [
      { conditionOperator: 'lte', conditionValue: 7.5 },
      [{ field: 'Условие', from: 'Остаток на маркетплейсе не больше 7,5', to: 'Остаток на маркетплейсе меньше 7,5' }],
    ],
    [
      { conditionOperator: 'always', conditionValue: null },
      [{ field: 'Условие', from: 'Всегда', to: 'Остаток на маркетплейсе больше −9 999 999 999' }],
    ],
    [{ actionValue: 500 }, [{ field: 'Изменение цены', from: '+500 %', to: '+50 %' }]],
    [{ actionValue: -99 }, [{ field: 'Изменение цены', from: '−99 %', to: '−50 %' }]],
    [{ actionValue: 0.5 }, [{ field: 'Изменение цены', from: '+0,5 %', to: '+1 %' }]],
    [{ actionValue: 0 }, [{ field: 'Изменение цены', from: '0 %', to: '+1 %' }]],
    [{ actionType: 'absolute', actionValue: -150 }, [{ field: 'Изменение цены', from: '−150 ₽', to: '−1 %' }]],
    [
      { conditionOperator: 'always', conditionValue: null, actionType: 'absolute', actionValue: 300 },
      [
        { field: 'Условие', from: 'Всегда', to: 'Остаток на маркетплейсе больше −9 999 999 999' },
        { field: 'Изменение цены', from: '+300 ₽', to: '+1 %' },
      ],
    ],
  ])('a rule created through the API with %o is rewritten by the form: %o', (outside, changes) => {
    const rule = stored(outside);
    expect(ruleChanges(rule, ruleFieldsOf(formValuesOf(rule))).map(withPlainSpaces)).toEqual(changes);
  });

  it("the user's own edits are listed with the rewrite", () => {
    const rule = stored({ conditionOperator: 'always', conditionValue: null, isActive: false });
    const edited = { ...formValuesOf(rule), name: 'Новое', threshold: 5, isActive: true };
    expect(ruleChanges(rule, ruleFieldsOf(edited))).toEqual([
      { field: 'Название', from: 'Правило', to: 'Новое' },
      { field: 'Условие', from: 'Всегда', to: 'Остаток на маркетплейсе больше 5' },
      { field: 'Состояние', from: 'выключено', to: 'включено' },
    ]);
  });
});

/** ru-RU groups thousands with a no-break space. */
function withPlainSpaces(change: { field: string; from: string; to: string }) {
  return { ...change, to: change.to.replace(/\u202f/g, ' '), from: change.from.replace(/\u202f/g, ' ') };
}
