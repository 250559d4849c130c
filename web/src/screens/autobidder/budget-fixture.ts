import type { Budget } from './budget-form';

/** A stored daily limit of 500 ₽ of campaign 42 (action pause), created 01.01.2026 and never checked, for the tests of the screen. */
export const budgetLimit = (overrides: Partial<Budget> = {}): Budget => ({
  id: '00000000-0000-0000-0000-000000000001',
  mpAccountId: '00000000-0000-0000-0000-000000000002',
  advertId: 42,
  dailyLimitRub: 500,
  periodLimitRub: null,
  periodStartDate: null,
  onLimitAction: 'pause',
  checkedAt: null,
  reachedAtCheck: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...overrides,
});
