import type { LimitActionName as LimitAction } from '../../../database/schema/autobidder';
import type { ProductBid } from '../bids-requests';
import type { DayRange } from '../stats-days';

// Spec: Ad budget limit; check rules 1-4 and 7. Limits in whole roubles, spend and bids in kopecks.
export type LimitType = 'daily' | 'period';

export interface BudgetLimitFacts {
  id: string;
  advertId: number;
  dailyLimitRub: number | null;
  periodLimitRub: number | null;
  onLimitAction: LimitAction;
}

/** What the synced statistics know of a campaign: its spend today and since the limit's period start, and its bids. */
export interface CampaignSpend {
  todayKopecks: number;
  periodKopecks: number;
  /** The days of today and of the period whose statistics the sync has not fetched: the spend leaves them out. */
  missingToday: DayRange[];
  missingPeriod: DayRange[];
  /** Product bids by placement from the last sync; null when no sync loaded them. */
  bids: readonly ProductBid[] | null;
}

/** A limit part compared with its spend. */
export interface LimitPart {
  budgetId: string;
  advertId: number;
  limitType: LimitType;
  limitRub: number;
  spendKopecks: number;
  action: LimitAction;
  missingDays: DayRange[];
}

export type BudgetAction =
  | { advertId: number; action: 'pause' }
  /** The campaign's bids as synced: halved on the marketplace, never below its minimum bids. */
  | { advertId: number; action: 'reduce_bids'; bids: readonly ProductBid[] }
  /** reduce_bids without bids from a sync: skipped silently (rule 3). */
  | { advertId: number; action: 'skip'; reason: string };

export interface BudgetCheckPlan {
  checked: number;
  /** The parts reached. */
  triggered: LimitPart[];
  /** The parts not reached whose spend lacks days: they may be reached. */
  incomplete: LimitPart[];
  /** One action per campaign whose limit is reached, whatever number of its limits are. */
  actions: BudgetAction[];
}

export const NO_SYNCED_BIDS = 'Ставки кампании ещё не загружены синхронизацией: снижение пропущено';

/**
 * Spec: check rules 1, 2, 3, 4. Each limit's daily part against today's spend and its period part against the spend
 * since its start: reached at spend ≥ limit. A reached campaign gets its action on every check (each halves again).
 */
export function planBudgetCheck(limits: readonly BudgetLimitFacts[], spendOf: (limit: BudgetLimitFacts) => CampaignSpend): BudgetCheckPlan {
  const triggered: LimitPart[] = [];
  const incomplete: LimitPart[] = [];
  const actions = new Map<number, BudgetAction>();
  for (const limit of limits) {
    const spend = spendOf(limit);
    const parts: [LimitType, number | null, number, DayRange[]][] = [
      ['daily', limit.dailyLimitRub, spend.todayKopecks, spend.missingToday],
      ['period', limit.periodLimitRub, spend.periodKopecks, spend.missingPeriod],
    ];
    for (const [limitType, limitRub, spendKopecks, missingDays] of parts) {
      if (limitRub === null) continue;
      const part = {
        budgetId: limit.id,
        advertId: limit.advertId,
        limitType,
        limitRub,
        spendKopecks,
        action: limit.onLimitAction,
        missingDays,
      };
      if (spendKopecks < limitRub * 100) {
        if (missingDays.length > 0) incomplete.push(part);
        continue;
      }
      triggered.push(part);
      if (actions.has(limit.advertId)) continue;
      if (limit.onLimitAction === 'pause') actions.set(limit.advertId, { advertId: limit.advertId, action: 'pause' });
      else if (spend.bids === null) actions.set(limit.advertId, { advertId: limit.advertId, action: 'skip', reason: NO_SYNCED_BIDS });
      else actions.set(limit.advertId, { advertId: limit.advertId, action: 'reduce_bids', bids: spend.bids });
    }
  }
  return { checked: limits.length, triggered, incomplete, actions: [...actions.values()] };
}

/**
 * Rule 3 within the marketplace's minimum bids: each bid halved, rounded down, but not below its minimum; a bid at or
 * below its minimum already stays as it is (the action never raises a bid). Without a known minimum, not below 1.
 */
export function halvedBids(
  bids: readonly ProductBid[],
  minimumOf: (bid: ProductBid) => number | undefined,
): { lowered: ProductBid[]; atMinimum: ProductBid[] } {
  const lowered: ProductBid[] = [];
  const atMinimum: ProductBid[] = [];
  for (const bid of bids) {
    const minimum = minimumOf(bid) ?? 1;
    if (bid.bidKopecks <= minimum) atMinimum.push(bid);
    else lowered.push({ ...bid, bidKopecks: Math.max(Math.floor(bid.bidKopecks / 2), minimum) });
  }
  return { lowered, atMinimum };
}
