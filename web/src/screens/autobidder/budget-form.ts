import { day, roubles } from '@shared/format';

import type { components } from '../../api/schema';
import { optionalNumber } from '../../ui/typed-number';

export type Budget = components['schemas']['AdBudgetResponseDto'];
export type LimitAction = Budget['onLimitAction'];
/** The fields of a limit that the form saves; the account and the campaign go with a new limit only. */
export type BudgetFields = Omit<components['schemas']['AdBudgetCreateDto'], 'mpAccountId' | 'advertId'>;

export const ACTION_TEXT: Record<LimitAction, string> = {
  pause: 'Приостановить кампанию',
  reduce_bids: 'Снизить ставки вдвое',
};

/** What the form's inputs hold; whole roubles as number inputs give them ('' when empty), the day as YYYY-MM-DD. */
export interface BudgetFormValues {
  advertId: number | string;
  dailyLimitRub: number | string;
  periodLimitRub: number | string;
  periodStartDate: string;
  onLimitAction: LimitAction;
}

export const NEW_BUDGET_VALUES: BudgetFormValues = {
  advertId: '',
  dailyLimitRub: '',
  periodLimitRub: '',
  periodStartDate: '',
  onLimitAction: 'pause',
};

export function budgetValuesOf(budget: Budget): BudgetFormValues {
  return {
    advertId: budget.advertId,
    dailyLimitRub: budget.dailyLimitRub ?? '',
    periodLimitRub: budget.periodLimitRub ?? '',
    periodStartDate: budget.periodStartDate ?? '',
    onLimitAction: budget.onLimitAction,
  };
}

/** The limit the form saves: an empty limit is none (null removes it from a stored limit), an empty day is not sent. */
export function budgetFieldsOf(values: BudgetFormValues): BudgetFields {
  return {
    dailyLimitRub: optionalNumber(values.dailyLimitRub),
    periodLimitRub: optionalNumber(values.periodLimitRub),
    ...(values.periodStartDate ? { periodStartDate: values.periodStartDate } : {}),
    onLimitAction: values.onLimitAction,
  };
}

export type BudgetFormErrors = Partial<Record<'advertId' | 'dailyLimitRub' | 'periodStartDate', string>>;

/** What the form refuses before sending (spec: Ad budget limit): a campaign, one of the two limits, the period's first day. */
export function budgetFormErrors(values: BudgetFormValues): BudgetFormErrors {
  const errors: BudgetFormErrors = {};
  if (values.advertId === '') errors.advertId = 'Выберите кампанию';
  if (values.dailyLimitRub === '' && values.periodLimitRub === '') errors.dailyLimitRub = 'Укажите дневной лимит или лимит за период';
  if (values.periodLimitRub !== '' && !values.periodStartDate) errors.periodStartDate = 'Укажите первый день периода';
  return errors;
}

/** The limits of a budget in words: «500 ₽ в день; 3 000 ₽ с 01.01.2026». */
export function limitsText(budget: Pick<Budget, 'dailyLimitRub' | 'periodLimitRub' | 'periodStartDate'>): string {
  const parts: string[] = [];
  if (budget.dailyLimitRub !== null) parts.push(`${roubles(budget.dailyLimitRub)} в день`);
  if (budget.periodLimitRub !== null) parts.push(`${roubles(budget.periodLimitRub)} с ${day(budget.periodStartDate ?? '')}`);
  return parts.join('; ');
}
