import { describe, expect, it } from 'vitest';

import {
  Budget,
  budgetFieldsOf,
  budgetFormErrors,
  BudgetFormValues,
  budgetValuesOf,
  checkResultText,
  limitsText,
  NEW_BUDGET_VALUES,
} from './budget-form';

const budget = (overrides: Partial<Budget> = {}): Budget => ({
  id: '00000000-0000-0000-0000-000000000001',
  mpAccountId: '00000000-0000-0000-0000-000000000002',
  advertId: 42,
  dailyLimitRub: 500,
  periodLimitRub: null,
  periodStartDate: null,
  onLimitAction: 'pause',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

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
    const stored = budget({ dailyLimitRub: null, periodLimitRub: 3000, periodStartDate: '2026-01-05', onLimitAction: 'reduce_bids' });
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
    [{ dailyLimitRub: null, periodLimitRub: 3000, periodStartDate: '2026-01-05' }, '3\u00a0000 ₽ с 05.01.2026'],
    [{ dailyLimitRub: 100, periodLimitRub: 3000, periodStartDate: '2026-01-05' }, '100 ₽ в день; 3\u00a0000 ₽ с 05.01.2026'],
  ])('the limits %o read %j', (limits, text) => {
    expect(limitsText(budget(limits))).toBe(text);
  });
});

describe("a limit's result of the last check", () => {
  const checkedAt = Date.parse('2026-01-02T00:00:00Z');
  const item = {
    budgetId: budget().id,
    advertId: 42,
    limitType: 'daily',
    limitRub: 100,
    spendRub: 123.45,
    action: 'pause',
    spendComplete: true,
    missingDays: [] as { from: string; to: string }[],
    applied: true,
    outcome: 'applied',
    reason: 'Кампания приостановлена на маркетплейсе',
  } as const;

  it.each([
    ['no check yet', undefined, checkedAt, null],
    ['checked, not reached', { checked: 1, triggered: 0, items: [], incomplete: [] }, checkedAt, 'Не достигнут'],
    [
      'reached',
      { checked: 1, triggered: 1, items: [item], incomplete: [] },
      checkedAt,
      'Достигнут дневной: расход 123,45 ₽ из 100 ₽. Кампания приостановлена на маркетплейсе',
    ],
    [
      'another limit reached',
      { checked: 2, triggered: 1, items: [{ ...item, budgetId: 'other' }], incomplete: [] },
      checkedAt,
      'Не достигнут',
    ],
    ['created after the check', { checked: 0, triggered: 0, items: [], incomplete: [] }, Date.parse('2025-12-31T00:00:00Z'), null],
  ] as const)('%s: %j', (_case, result, at, text) => {
    expect(
      checkResultText(budget(), result ? { ...result, items: [...result.items], incomplete: [...result.incomplete] } : undefined, at),
    ).toBe(text);
  });
});
