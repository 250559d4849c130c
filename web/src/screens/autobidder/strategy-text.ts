import { kopecksAsRoubles, percent } from '@shared/format';

import { GOAL_TEXT, Strategy } from './strategy-form';

/** The goal with its target: «Цена клика 12 ₽», «Доля рекламных расходов 10 %», «Позиция в выдаче 3». */
export function goalText(strategy: Pick<Strategy, 'goal' | 'targetCpc' | 'targetDrrPct' | 'targetPosition'>): string {
  const target = {
    cpc: strategy.targetCpc === null ? null : kopecksAsRoubles(strategy.targetCpc),
    drr: strategy.targetDrrPct === null ? null : percent(strategy.targetDrrPct),
    position: strategy.targetPosition === null ? null : String(strategy.targetPosition),
  }[strategy.goal];
  return target === null ? GOAL_TEXT[strategy.goal] : `${GOAL_TEXT[strategy.goal]} ${target}`;
}

export const bidBoundsText = (strategy: Pick<Strategy, 'minBid' | 'maxBid'>) =>
  `${kopecksAsRoubles(strategy.minBid)} — ${kopecksAsRoubles(strategy.maxBid)}`;

export const strategyCampaignsText = (campaigns: number[]) =>
  campaigns.length ? campaigns.map((id) => `№ ${id}`).join(', ') : 'Все без стратегии';
