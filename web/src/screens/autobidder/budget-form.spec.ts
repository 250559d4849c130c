import { describe, expect, it } from 'vitest';

import { budgetLimit } from './budget-fixture';
import { budgetFieldsOf, budgetFormErrors, BudgetFormValues, budgetValuesOf, limitsText, NEW_BUDGET_VALUES } from './budget-form';

const values = (overrides: Partial<BudgetFormValues>): BudgetFormValues => ({ ...NEW_BUDGET_VALUES, advertId: 42, ...overrides });

describe('the budget limit form', () => {
  it.each([
    [{ dailyLimitRub: 500 }, { dailyLimitRub: 500, periodLimitRub: null, onLimitAction: 'pause' }],
    [
      { periodLimitRub: 3000, periodStartDate: '2026-01-05', onLimitAction: 'reduce_bids' },
      { dailyLimitRub: null, periodLimitRub: 3000, periodStartDate: '2026-01-05', onLimitAction: 'reduce_bids' },
    ],
  ] as const)('%o is saved as %o (an empty limit is none, an empty day is not sent)', (typed, saved) => {
    expect(budgetFieldsOf(values(typed))).toEqual(saved);
  });

  it('a stored limit is edited and saved back unchanged', () => {
    const stored = budgetLimit({ dailyLimitRub: null, periodLimitRub: 3000, periodStartDate: '2026-01-05', onLimitAction: 'reduce_bids' });
    expect(budgetFieldsOf(budgetValuesOf(stored))).toEqual({
      dailyLimitRub: null,
      periodLimitRub: 3000,
      periodStartDate: '2026-01-05',
      onLimitAction: 'reduce_bids',
    });
  });

  it.each([
    [{ dailyLimitRub: 500 }, {}],
    [{ advertId: '', dailyLimitRub: 500 }, { advertId: 'Выберите кампанию' }],
    [{}, { dailyLimitRub: 'Укажите дневной лимит или лимит за период' }],
    [{ periodLimitRub: 3000 }, { periodStartDate: 'Укажите первый день периода' }],
    [{ periodLimitRub: 3000, periodStartDate: '2026-01-05' }, {}],
  ] as const)('%o is refused before sending with %o', (typed, errors) => {
    expect(budgetFormErrors(values(typed))).toEqual(errors);
  });

  it.each([
    [{ dailyLimitRub: 500 }, '500 ₽ в день'],
    [{ dailyLimitRub: null, periodLimitRub: 3000, periodStartDate: '2026-01-05' }, '3\u202f000 ₽ с 05.01.2026'],
    [{ dailyLimitRub: 100, periodLimitRub: 3000, periodStartDate: '2026-01-05' }, '100 ₽ в день; 3\u202f000 ₽ с 05.01.2026'],
  ])('the limits %o read %j', (limits, text) => {
    expect(limitsText(budgetLimit(limits))).toBe(text);
  });
});
