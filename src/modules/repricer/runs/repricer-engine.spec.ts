import { describe, expect, it } from 'vitest';

import { decidePrices, EngineRule, ruleTargetPrice, toScaled } from './repricer-engine';

let sequence = 0;
function rule(overrides: Partial<EngineRule> = {}): EngineRule {
  sequence++;
  return {
    id: `00000000-0000-0000-0000-${String(sequence).padStart(12, '0')}`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)),
    conditionMetric: 'stock_days',
    conditionOperator: 'always',
    conditionValue: null,
    actionType: 'absolute',
    actionValue: '10',
    minPrice: null,
    maxPrice: null,
    scope: 'sku',
    scopeValue: '100',
    ...overrides,
  };
}

const price = (value: number, overrides: Partial<EngineRule>) =>
  ruleTargetPrice(value, { actionType: 'percent', actionValue: '0', minPrice: null, maxPrice: null, ...overrides });

describe('repricer engine', () => {
  it('picks the earliest created of several matching rules, whatever order they come in', () => {
    const late = rule({ actionValue: '30' });
    const early = rule({ actionValue: '20', createdAt: new Date(Date.UTC(2024, 0, 1)) });
    expect(decidePrices([{ nmId: 100, price: 1000 }], [late, early]).changes).toEqual([
      { nmId: 100, ruleId: early.id, oldPrice: 1000, newPrice: 1020 },
    ]);
  });

  it('breaks a tie of creation time by id', () => {
    const at = new Date(Date.UTC(2025, 5, 1));
    const second = rule({ id: 'b0000000-0000-0000-0000-000000000000', createdAt: at, actionValue: '2' });
    const first = rule({ id: 'a0000000-0000-0000-0000-000000000000', createdAt: at, actionValue: '1' });
    expect(decidePrices([{ nmId: 100, price: 10 }], [second, first]).changes[0].ruleId).toBe(first.id);
  });

  it('matches the sku scope on the nmId text only', () => {
    const sku = rule({ scopeValue: '100' });
    const { changes, skipped } = decidePrices(
      [
        { nmId: 100, price: 50 },
        { nmId: 1000, price: 50 },
      ],
      [sku],
    );
    expect(changes.map((change) => change.nmId)).toEqual([100]);
    expect(skipped).toBe(1);
  });

  it('matches the list scope on the ids of its JSON array and ignores a malformed list', () => {
    const list = rule({ scope: 'list', scopeValue: '[7, 8, "9"]' });
    const broken = rule({ scope: 'list', scopeValue: '[10' });
    const products = [7, 8, 9, 10, 11].map((nmId) => ({ nmId, price: 100 }));
    expect(decidePrices(products, [list, broken]).changes.map((change) => change.nmId)).toEqual([7, 8, 9]);
  });

  it('fires a brand rule only when the run passes the exact brand', () => {
    const brand = rule({ scope: 'brand', scopeValue: 'Acme' });
    const { changes } = decidePrices(
      [
        { nmId: 1, price: 100, brand: 'Acme' },
        { nmId: 2, price: 100 },
        { nmId: 3, price: 100, brand: 'acme' },
      ],
      [brand],
    );
    expect(changes.map((change) => change.nmId)).toEqual([1]);
  });

  it('merges brand and nmId rules in creation order', () => {
    const brand = rule({ scope: 'brand', scopeValue: 'Acme', actionValue: '1' });
    const sku = rule({ scopeValue: '5', actionValue: '2' });
    expect(decidePrices([{ nmId: 5, price: 100, brand: 'Acme' }], [sku, brand]).changes[0].ruleId).toBe(brand.id);
    expect(decidePrices([{ nmId: 5, price: 100 }], [sku, brand]).changes[0].ruleId).toBe(sku.id);
  });

  it.each([
    ['lt', 9, true],
    ['lt', 10, false],
    ['lte', 10, true],
    ['lte', 10.5, false],
    ['gt', 11, true],
    ['gt', 10, false],
    ['gte', 10, true],
    ['gte', 9.99, false],
    ['eq', 10, true],
    ['eq', 10.0001, false],
  ] as const)('operator %s against 10 with the metric %s fires: %s', (operator, value, fires) => {
    const conditional = rule({ conditionOperator: operator, conditionValue: '10.0000' });
    expect(decidePrices([{ nmId: 100, price: 100, metrics: { stock_days: value } }], [conditional]).changes).toHaveLength(fires ? 1 : 0);
  });

  it('never fires a metric rule without that metric, and fires it with it', () => {
    const conditional = rule({ conditionMetric: 'margin_pct', conditionOperator: 'gt', conditionValue: '5' });
    expect(decidePrices([{ nmId: 100, price: 100 }], [conditional]).changes).toEqual([]);
    expect(decidePrices([{ nmId: 100, price: 100, metrics: { stock_days: 50 } }], [conditional]).changes).toEqual([]);
    expect(decidePrices([{ nmId: 100, price: 100, metrics: { margin_pct: 6 } }], [conditional]).changes).toHaveLength(1);
  });

  it('fires always without metrics, and a later rule wins when the earlier one does not fire', () => {
    const conditional = rule({ conditionOperator: 'lt', conditionValue: '1', actionValue: '1' });
    const always = rule({ actionValue: '5' });
    expect(decidePrices([{ nmId: 100, price: 100 }], [conditional, always]).changes[0]).toMatchObject({ ruleId: always.id, newPrice: 105 });
  });

  it('skips a product whose price the rule leaves unchanged', () => {
    const capped = rule({ maxPrice: 100 });
    expect(decidePrices([{ nmId: 100, price: 100 }], [capped])).toEqual({ changes: [], skipped: 1 });
  });

  it('rounds half up to whole roubles without float drift', () => {
    expect(price(1005, { actionValue: '10' })).toBe(1106); // 1105.5
    expect(price(1001, { actionValue: '-0.05' })).toBe(1000); // 1000.4995
    expect(price(100, { actionValue: '1.5' })).toBe(102); // 101.5, 101.4999… in floats
    expect(price(700, { actionValue: '0.5' })).toBe(704); // 703.5, 703.4999… in floats
    expect(price(10, { actionValue: '5' })).toBe(11); // 10.5
    expect(price(10, { actionValue: '-5' })).toBe(10); // 9.5
    expect(price(1000, { actionValue: '0.0001' })).toBe(1000);
    expect(price(3, { actionValue: '16.6667' })).toBe(4); // 3.5000001
    expect(price(100, { actionType: 'absolute', actionValue: '0.5' })).toBe(101);
    expect(price(100, { actionType: 'absolute', actionValue: '-0.5' })).toBe(100);
  });

  it('clamps to minPrice and maxPrice and never goes below 1', () => {
    expect(price(1000, { actionValue: '-50', minPrice: 800 })).toBe(800);
    expect(price(1000, { actionValue: '50', maxPrice: 1200 })).toBe(1200);
    expect(price(10, { actionType: 'absolute', actionValue: '-100' })).toBe(1);
    expect(price(1, { actionValue: '-99' })).toBe(1);
  });

  it('applies percent -99 and 500', () => {
    expect(price(1000, { actionValue: '-99' })).toBe(10);
    expect(price(1000, { actionValue: '500' })).toBe(6000);
    expect(price(199, { actionValue: '-99' })).toBe(2); // 1.99
  });

  it('reads decimal text as ten-thousandths', () => {
    expect(toScaled('12.5')).toBe(125000);
    expect(toScaled('-0.0001')).toBe(-1);
    expect(toScaled('500.0000')).toBe(5_000_000);
    expect(() => toScaled('1e3')).toThrow(RangeError);
  });
});
