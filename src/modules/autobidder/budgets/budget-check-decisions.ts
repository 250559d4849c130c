import type { LimitActionName as LimitAction } from '../../../database/schema/autobidder';

// Spec: Ad budget limit; check rules 1-4 and 7. Limits in whole roubles, spend and bids in kopecks.
export type LimitType = 'daily' | 'period';

export interface BudgetLimitFacts {
  id: string;
  advertId: number;
  dailyLimitRub: number | null;
  periodLimitRub: number | null;
  onLimitAction: LimitAction;
}

/** What the last sync knows of a campaign: its spend (kopecks) today and since the limit's period start, and its bids. */
export interface CampaignSpend {
  todayKopecks: number;
  periodKopecks: number;
  /** Product bids by placement from the last sync; null when no sync loaded them. */
  bids: readonly { nmId: number; placement: string; bidKopecks: number }[] | null;
  /** The marketplace's minimum bid of the campaign, kopecks, when known. */
  minBidKopecks: number | null;
}

export interface TriggeredLimit {
  budgetId: string;
  advertId: number;
  limitType: LimitType;
  limitRub: number;
  spendKopecks: number;
  action: LimitAction;
}

export type BudgetAction =
  | { advertId: number; action: 'pause' }
  | { advertId: number; action: 'reduce_bids'; bids: { nmId: number; placement: string; bidKopecks: number }[] }
  /** reduce_bids without bids from a sync: skipped silently (rule 3). */
  | { advertId: number; action: 'skip'; reason: string };

export interface BudgetCheckPlan {
  checked: number;
  triggered: TriggeredLimit[];
  /** One action per campaign whose limit is reached, whatever number of its limits are. */
  actions: BudgetAction[];
}

export const NO_SYNCED_BIDS = 'Ставки кампании ещё не загружены синхронизацией: снижение пропущено';

/** Rule 3: every bid halved, rounded down, never below the campaign's minimum bid when the marketplace gives one. */
function halved(spend: CampaignSpend): { nmId: number; placement: string; bidKopecks: number }[] {
  return (spend.bids ?? []).map((bid) => ({ ...bid, bidKopecks: Math.max(Math.floor(bid.bidKopecks / 2), spend.minBidKopecks ?? 0) }));
}

/**
 * Spec: check rules 1, 2, 3, 4. Each limit's daily part against today's spend and its period part against the spend
 * since its start: reached at spend ≥ limit. A reached campaign gets its action on every check (each halves again).
 */
export function planBudgetCheck(limits: readonly BudgetLimitFacts[], spendOf: (limit: BudgetLimitFacts) => CampaignSpend): BudgetCheckPlan {
  const triggered: TriggeredLimit[] = [];
  const actions = new Map<number, BudgetAction>();
  for (const limit of limits) {
    const spend = spendOf(limit);
    const parts: [LimitType, number | null, number][] = [
      ['daily', limit.dailyLimitRub, spend.todayKopecks],
      ['period', limit.periodLimitRub, spend.periodKopecks],
    ];
    for (const [limitType, limitRub, spendKopecks] of parts) {
      if (limitRub === null || spendKopecks < limitRub * 100) continue;
      triggered.push({ budgetId: limit.id, advertId: limit.advertId, limitType, limitRub, spendKopecks, action: limit.onLimitAction });
      if (actions.has(limit.advertId)) continue;
      if (limit.onLimitAction === 'pause') actions.set(limit.advertId, { advertId: limit.advertId, action: 'pause' });
      else if (spend.bids === null) actions.set(limit.advertId, { advertId: limit.advertId, action: 'skip', reason: NO_SYNCED_BIDS });
      else actions.set(limit.advertId, { advertId: limit.advertId, action: 'reduce_bids', bids: halved(spend) });
    }
  }
  return { checked: limits.length, triggered, actions: [...actions.values()] };
}
