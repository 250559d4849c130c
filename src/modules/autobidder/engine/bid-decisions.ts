import type { BidGoalName as BidGoal, BidPlacementName as BidPlacement } from '../../../database/schema/autobidder';

// Spec: Bid strategy and campaign; engine rules 1-6. Bids are kopecks throughout.

export interface StrategyFacts {
  id: string;
  goal: BidGoal;
  /** Kopecks; set for the cpc goal. */
  targetCpc: number | null;
  minBid: number;
  maxBid: number;
  /** Campaigns the strategy lists; empty: every campaign linked to no strategy. */
  campaigns: readonly number[];
  isActive: boolean;
  createdAt: Date;
}

export interface CampaignFacts {
  advertId: number;
  name: string;
  /** Active on the marketplace (status 9). */
  active: boolean;
  auto: boolean;
  strategyId: string | null;
  products: readonly ProductBids[];
}

export interface ProductBids {
  nmId: number;
  /** The bids of the last sync by placement; null when the sync gave none. */
  bids: Partial<Record<BidPlacement, number>> | null;
}

/** A product's advertising over the last 7 days; spend in kopecks. */
export interface ProductStats {
  views: number;
  clicks: number;
  spendKopecks: number;
}

export interface BidDecision {
  advertId: number;
  campaignName: string;
  nmId: number;
  placement: BidPlacement | null;
  bidBefore: number | null;
  bidAfter: number | null;
  strategyId: string;
  /** Changed: a new bid to send; otherwise skipped, and the reason says why. */
  changed: boolean;
  reason: string;
}

/** Engine rule 4: one run moves a bid by at most half of it, up or down. */
const MAX_STEP = 0.5;

/** The key under which the caller passes a product's statistics. */
export function productStatsKey(advertId: number, nmId: number): string {
  return `${advertId}:${nmId}`;
}

function byAge(a: StrategyFacts, b: StrategyFacts): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The active strategies oldest first: the order engine rule 2 picks them in. */
function activeByAge(strategies: readonly StrategyFacts[]): StrategyFacts[] {
  return strategies.filter((strategy) => strategy.isActive).sort(byAge);
}

/** strategyOf over strategies already sorted by activeByAge. */
function followed(campaign: CampaignFacts, active: readonly StrategyFacts[]): StrategyFacts | undefined {
  if (campaign.strategyId !== null) return active.find((strategy) => strategy.id === campaign.strategyId);
  return (
    active.find((strategy) => strategy.campaigns.includes(campaign.advertId)) ?? active.find((strategy) => strategy.campaigns.length === 0)
  );
}

/**
 * Engine rule 2: the strategy a campaign follows. Its own link first; else the oldest active strategy that lists it;
 * else, for a campaign linked to none, the oldest active strategy with an empty list.
 */
export function strategyOf(campaign: CampaignFacts, strategies: readonly StrategyFacts[]): StrategyFacts | undefined {
  return followed(campaign, activeByAge(strategies));
}

/** Engine rule 4 for one bid: the new bid before clamping, or a reason to leave it. */
function cpcBid(current: number, target: number, stats: ProductStats | undefined): { bid: number } | { keep: string } {
  if (!stats || (stats.views === 0 && stats.clicks === 0 && stats.spendKopecks === 0)) return { bid: target };
  if (stats.clicks === 0) return { keep: NO_CLICKS };
  const lowest = Math.ceil(current * (1 - MAX_STEP));
  const highest = Math.floor(current * (1 + MAX_STEP));
  if (stats.spendKopecks === 0) return { bid: highest };
  // current × target ÷ (spend ÷ clicks), in integers: kopecks are whole, the product stays far below 2^53.
  const wanted = Math.round((current * target * stats.clicks) / stats.spendKopecks);
  return { bid: Math.min(highest, Math.max(lowest, wanted)) };
}

function clamp(bid: number, strategy: StrategyFacts): number {
  return Math.min(strategy.maxBid, Math.max(strategy.minBid, bid));
}

const NO_BID_DATA = 'Нет данных о ставке';
const NOT_RECALCULATED = 'Цель стратегии не пересчитывает ставку';
const NO_CLICKS = 'Показы без кликов: ставка не меняется';
const UNCHANGED = 'Ставка не изменилась';

/** The reasons of a CPC strategy's changes, up and down: the same text for every bid it changes one way. */
function cpcReasons(strategy: StrategyFacts): { up: string; down: string } {
  const bounds = `к целевой цене клика ${strategy.targetCpc} коп. (границы ${strategy.minBid}–${strategy.maxBid} коп.)`;
  return { up: `Повышение ${bounds}`, down: `Снижение ${bounds}` };
}

/**
 * Spec: engine rules 1-6. Every product bid of every campaign that is active, has Auto on and follows an active strategy:
 * changed (cpc goal: toward the target click price, at most ±50 %, then clamped) or skipped with the reason. Written
 * for 100 000 bids a run: strategies sorted and reasons built once, one statistics lookup per product.
 */
export function decideBids(
  strategies: readonly StrategyFacts[],
  campaigns: readonly CampaignFacts[],
  stats: ReadonlyMap<string, ProductStats>,
): BidDecision[] {
  const active = activeByAge(strategies);
  const reasons = new Map(active.map((strategy) => [strategy.id, cpcReasons(strategy)]));
  const decisions: BidDecision[] = [];
  for (const campaign of campaigns) {
    if (!campaign.active || !campaign.auto) continue;
    const strategy = followed(campaign, active);
    if (!strategy) continue;
    const recalculates = strategy.goal === 'cpc' && strategy.targetCpc !== null;
    const { up, down } = reasons.get(strategy.id)!;
    const { advertId, name: campaignName } = campaign;
    const strategyId = strategy.id;
    for (const { nmId, bids } of campaign.products) {
      const placements = Object.entries(bids ?? {}) as [BidPlacement, number][];
      if (placements.length === 0) {
        decisions.push({
          advertId,
          campaignName,
          nmId,
          placement: null,
          bidBefore: null,
          bidAfter: null,
          strategyId,
          changed: false,
          reason: NO_BID_DATA,
        });
        continue;
      }
      const productStats = recalculates ? stats.get(productStatsKey(advertId, nmId)) : undefined;
      for (const [placement, current] of placements) {
        const next = recalculates ? cpcBid(current, strategy.targetCpc!, productStats) : { keep: NOT_RECALCULATED };
        const bidAfter = 'keep' in next ? current : clamp(next.bid, strategy);
        const changed = bidAfter !== current;
        const reason = 'keep' in next ? next.keep : !changed ? UNCHANGED : bidAfter > current ? up : down;
        decisions.push({ advertId, campaignName, nmId, placement, bidBefore: current, bidAfter, strategyId, changed, reason });
      }
    }
  }
  return decisions;
}
