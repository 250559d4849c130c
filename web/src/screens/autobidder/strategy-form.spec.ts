import { describe, expect, it } from 'vitest';

import { STRATEGY } from '../../test/api-fixtures';
import { NEW_STRATEGY_VALUES, Strategy, strategyFieldsOf, strategyFormErrors, StrategyFormValues, strategyValuesOf } from './strategy-form';

const values = (overrides: Partial<StrategyFormValues> = {}): StrategyFormValues => ({
  ...NEW_STRATEGY_VALUES,
  name: 'Клик 12 ₽',
  targetCpcRub: '12',
  minBidRub: '1',
  maxBidRub: '50',
  ...overrides,
});

describe('the strategy form sends bids in kopecks', () => {
  it('converts the target click price and the bid bounds typed in roubles', () => {
    const typed = values({ targetCpcRub: '12,5', minBidRub: '0,29', maxBidRub: '100' });
    expect(strategyFormErrors(typed)).toEqual({});
    expect(strategyFieldsOf(typed)).toEqual({
      name: 'Клик 12 ₽',
      goal: 'cpc',
      targetCpc: 1250,
      targetDrrPct: null,
      targetPosition: null,
      minBid: 29,
      maxBid: 10_000,
      campaigns: [],
      isActive: true,
    });
  });

  it.each([
    [
      { goal: 'drr', targetCpcRub: '', targetDrrPct: 12.5 },
      { goal: 'drr', targetCpc: null, targetDrrPct: 12.5, targetPosition: null },
    ],
    [
      { goal: 'position', targetCpcRub: '', targetPosition: 3 },
      { goal: 'position', targetCpc: null, targetDrrPct: null, targetPosition: 3 },
    ],
    [
      { goal: 'drr', targetDrrPct: '' },
      { targetCpc: 1200, targetDrrPct: null },
    ],
  ] as const)('the goal %o saves only its own target: %o', (change, saved) => {
    expect(strategyFieldsOf(values(change))).toMatchObject(saved);
  });

  it.each([
    ['1, 2  3;2', [1, 2, 3]],
    ['', []],
  ])('the campaigns typed as %j are saved as %j', (campaigns, saved) => {
    expect(strategyFieldsOf(values({ campaigns }))).toMatchObject({ campaigns: saved });
  });

  it.each([
    [{ minBidRub: '' }, { minBidRub: 'Сумма в рублях, до копеек: 12 или 12,50' }],
    [{ maxBidRub: '1,234' }, { maxBidRub: 'Сумма в рублях, до копеек: 12 или 12,50' }],
    [{ minBidRub: '50,01' }, { minBidRub: 'Не больше максимальной ставки' }],
    [{ targetCpcRub: '' }, { targetCpcRub: 'Укажите целевую цену клика' }],
    [{ goal: 'drr', targetCpcRub: 'x' }, { targetCpcRub: 'Сумма в рублях, до копеек: 12 или 12,50' }],
    [{ campaigns: '12, abc' }, { campaigns: 'Номера кампаний через запятую' }],
  ] as const)('refuses %o before sending: %o', (change, errors) => {
    expect(strategyFormErrors(values(change))).toEqual(errors);
  });

  it('a stored strategy is edited in roubles and saved back unchanged', () => {
    const stored: Strategy = { ...STRATEGY, isActive: false };
    const edited = strategyValuesOf(stored);
    expect(edited).toMatchObject({ targetCpcRub: '12,05', minBidRub: '1,50', maxBidRub: '50', campaigns: '7, 8' });
    expect(strategyFormErrors(edited)).toEqual({});
    const { id: _id, mpAccountId: _account, createdAt: _created, updatedAt: _updated, ...fields } = stored;
    expect(strategyFieldsOf(edited)).toEqual(fields);
  });
});
