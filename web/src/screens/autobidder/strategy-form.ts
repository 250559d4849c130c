import { kopecksOfRoubles, roublesInput } from '@shared/money';

import type { components } from '../../api/schema';
import { optionalNumber } from '../../ui/typed-number';

export type Strategy = components['schemas']['BidStrategyResponseDto'];
export type BidGoal = Strategy['goal'];
/** The fields of a strategy that the form saves (the account goes with a new strategy only). */
export type StrategyFields = Omit<components['schemas']['BidStrategyCreateDto'], 'mpAccountId'>;

export const GOAL_TEXT: Record<BidGoal, string> = {
  cpc: 'Цена клика',
  drr: 'Доля рекламных расходов',
  position: 'Позиция в выдаче',
};

/** What the form's inputs hold: amounts in roubles as typed, numbers as number inputs give them ('' when empty). */
export interface StrategyFormValues {
  name: string;
  goal: BidGoal;
  targetCpcRub: string;
  targetDrrPct: number | string;
  targetPosition: number | string;
  minBidRub: string;
  maxBidRub: string;
  /** advertIds separated by commas or spaces; empty: every campaign not linked to a strategy. */
  campaigns: string;
  isActive: boolean;
}

export const NEW_STRATEGY_VALUES: StrategyFormValues = {
  name: '',
  goal: 'cpc',
  targetCpcRub: '',
  targetDrrPct: '',
  targetPosition: '',
  minBidRub: '',
  maxBidRub: '',
  campaigns: '',
  isActive: true,
};

export function strategyValuesOf(strategy: Strategy): StrategyFormValues {
  return {
    name: strategy.name,
    goal: strategy.goal,
    targetCpcRub: strategy.targetCpc === null ? '' : roublesInput(strategy.targetCpc),
    targetDrrPct: strategy.targetDrrPct ?? '',
    targetPosition: strategy.targetPosition ?? '',
    minBidRub: roublesInput(strategy.minBid),
    maxBidRub: roublesInput(strategy.maxBid),
    campaigns: strategy.campaigns.join(', '),
    isActive: strategy.isActive,
  };
}

type FormField = 'targetCpcRub' | 'minBidRub' | 'maxBidRub' | 'campaigns';
export type StrategyFormErrors = Partial<Record<FormField, string>>;

const AMOUNT_ERROR = 'Сумма в рублях, до копеек: 12 или 12,50';
/** Kopecks of an amount typed in roubles; NaN for a text that is none (the form's checks refuse it before sending). */
const typedKopecks = (typed: string) => kopecksOfRoubles(typed) ?? Number.NaN;
const campaignWords = (typed: string) => typed.split(/[\s,;]+/).filter(Boolean);

/** What the form refuses before sending: amounts that are not roubles, min above max, campaigns that are not numbers. */
export function strategyFormErrors(values: StrategyFormValues): StrategyFormErrors {
  const errors: StrategyFormErrors = {};
  const minBid = kopecksOfRoubles(values.minBidRub);
  const maxBid = kopecksOfRoubles(values.maxBidRub);
  const targetCpc = values.targetCpcRub.trim() === '' ? null : kopecksOfRoubles(values.targetCpcRub);
  if (minBid === null) errors.minBidRub = AMOUNT_ERROR;
  if (maxBid === null) errors.maxBidRub = AMOUNT_ERROR;
  if (minBid !== null && maxBid !== null && minBid > maxBid) errors.minBidRub = 'Не больше максимальной ставки';
  if (values.targetCpcRub.trim() !== '' && targetCpc === null) errors.targetCpcRub = AMOUNT_ERROR;
  else if (values.goal === 'cpc' && targetCpc === null) errors.targetCpcRub = 'Укажите целевую цену клика';
  if (campaignWords(values.campaigns).some((word) => !/^\d{1,15}$/.test(word))) errors.campaigns = 'Номера кампаний через запятую';
  return errors;
}

/** The strategy the form saves: bids in kopecks, only the goal's own target. */
export function strategyFieldsOf(values: StrategyFormValues): StrategyFields {
  return {
    name: values.name,
    goal: values.goal,
    targetCpc: values.targetCpcRub.trim() === '' ? null : typedKopecks(values.targetCpcRub),
    targetDrrPct: values.goal === 'drr' ? optionalNumber(values.targetDrrPct) : null,
    targetPosition: values.goal === 'position' ? optionalNumber(values.targetPosition) : null,
    minBid: typedKopecks(values.minBidRub),
    maxBid: typedKopecks(values.maxBidRub),
    campaigns: [...new Set(campaignWords(values.campaigns).map(Number))],
    isActive: values.isActive,
  };
}
