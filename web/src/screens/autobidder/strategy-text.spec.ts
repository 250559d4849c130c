import { describe, expect, it } from 'vitest';

import { bidBoundsText, goalText, strategyCampaignsText } from './strategy-text';

describe('strategies in words, bids in roubles', () => {
  it.each([
    [{ goal: 'cpc', targetCpc: 1250, targetDrrPct: null, targetPosition: null }, 'Цена клика 12,50 ₽'],
    [{ goal: 'drr', targetCpc: null, targetDrrPct: 12.5, targetPosition: null }, 'Доля рекламных расходов 12,5 %'],
    [{ goal: 'position', targetCpc: null, targetDrrPct: null, targetPosition: 3 }, 'Позиция в выдаче 3'],
    [{ goal: 'drr', targetCpc: 900, targetDrrPct: null, targetPosition: null }, 'Доля рекламных расходов'],
  ] as const)('%o reads %j', (strategy, text) => {
    expect(goalText(strategy)).toBe(text);
  });

  it('shows the bid bounds in roubles', () => {
    expect(bidBoundsText({ minBid: 150, maxBid: 500_000 })).toBe('1,50 ₽ — 5\u202f000 ₽');
  });

  it.each([
    [[], 'Все без стратегии'],
    [[7, 8], '№ 7, № 8'],
  ])('the campaigns %j read %j', (campaigns, text) => {
    expect(strategyCampaignsText(campaigns)).toBe(text);
  });
});
