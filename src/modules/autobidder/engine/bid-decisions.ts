import type { BidGoalName as BidGoal, BidPlacementName as BidPlacement } from '../../../database/schema/autobidder';
import { BidReason, bidReason, bidReasonText, KOPECK_WORDS } from '../../../shared/autobidder/bid-reason';

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
  /** A budget check today found its limit reached and no later one found it no longer reached: no bid goes up. */
  raiseBlocked: boolean;
  products: readonly ProductBids[];
}

export interface ProductBids {
  nmId: number;
  /** The product's title in the catalog; null for a product the catalog has not synced. */
  name: string | null;
  /** The bids of the last sync by placement; null when the sync gave none. */
  bids: Partial<Record<BidPlacement, number>> | null;
}

/** A product's advertising over the last 7 days; spend in kopecks. */
export interface ProductStats {
  views: number;
  clicks: number;
  spendKopecks: number;
}

/** The clicks and spend (kopecks) recorded since the service's last change of a bid within the 7 days. */
export interface BidEvidence {
  clicks: number;
  spendKopecks: number;
}

/** What the engine decides from besides strategies and campaigns. */
export interface BidInputs {
  /** By productStatsKey. */
  stats: ReadonlyMap<string, ProductStats>;
  /** By bidEvidenceKey: only bids the service changed within the 7 days have evidence. */
  evidence: ReadonlyMap<string, BidEvidence>;
  /** The clicks after a change the engine needs before it changes that bid again. */
  minClicks: number;
}

export interface BidDecision {
  advertId: number;
  campaignName: string;
  nmId: number;
  productName: string | null;
  placement: BidPlacement | null;
  bidBefore: number | null;
  bidAfter: number | null;
  strategyId: string;
  /** Changed: a new bid to send; otherwise skipped, and the reason says why. */
  changed: boolean;
  reason: string;
  reasonFields: BidReason;
}

/** A reason with its sentence in the service's words, built once where many bids share it; each bid adds its before and after. */
interface Said {
  reason: string;
  reasonFields: BidReason;
}

function said(reasonFields: BidReason): Said {
  return { reason: bidReasonText(reasonFields, KOPECK_WORDS), reasonFields };
}

/** The reason of one bid: the shared one with the bid's before and after. */
function saidOf({ reason, reasonFields }: Said, before: number | null, after: number | null): Said {
  return { reason, reasonFields: { ...reasonFields, before, after } };
}

/** Engine rule 4: one run moves a bid by at most half of it, up or down. */
const MAX_STEP = 0.5;

/** The key under which the caller passes a product's statistics. */
export function productStatsKey(advertId: number, nmId: number): string {
  return `${advertId}:${nmId}`;
}

/** The key under which the caller passes the evidence of a product's bid in one placement. */
export function bidEvidenceKey(advertId: number, nmId: number, placement: string): string {
  return `${advertId}:${nmId}:${placement}`;
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

/** At most ±50 % of the current bid toward `wanted`, whole kopecks rounded inward. */
function stepped(current: number, wanted: number): number {
  return Math.min(Math.floor(current * (1 + MAX_STEP)), Math.max(Math.ceil(current * (1 - MAX_STEP)), wanted));
}

/** current × target ÷ (spend ÷ clicks), in integers: kopecks are whole, the product stays far below 2^53; clicks without spend: up. */
function towardTarget(current: number, target: number, clicks: number, spendKopecks: number): number {
  if (spendKopecks === 0) return stepped(current, Number.MAX_SAFE_INTEGER);
  return stepped(current, Math.round((current * target * clicks) / spendKopecks));
}

/**
 * Engine rule 4 for one bid: the new bid before clamping, or a reason to leave it. A bid the service changed within
 * the 7 days is decided on the clicks and spend since that change only, once there are enough of them; any other
 * bid on its 7 days (no statistics: the target; views without clicks: unchanged).
 */
function cpcBid(
  current: number,
  target: number,
  stats: ProductStats | undefined,
  evidence: BidEvidence | undefined,
  minClicks: number,
): { bid: number } | { keep: Said } {
  if (evidence) {
    if (evidence.clicks < minClicks) return { keep: fewClicks(evidence.clicks, minClicks) };
    return { bid: towardTarget(current, target, evidence.clicks, evidence.spendKopecks) };
  }
  if (!stats || (stats.views === 0 && stats.clicks === 0 && stats.spendKopecks === 0)) return { bid: target };
  if (stats.clicks === 0) return { keep: NO_CLICKS };
  return { bid: towardTarget(current, target, stats.clicks, stats.spendKopecks) };
}

function clamp(bid: number, strategy: StrategyFacts): number {
  return Math.min(strategy.maxBid, Math.max(strategy.minBid, bid));
}

const NO_BID_DATA = said(bidReason('no_bid_data'));
const NOT_RECALCULATED = said(bidReason('not_recalculated'));
const NO_CLICKS = said(bidReason('no_clicks'));
const UNCHANGED = said(bidReason('unchanged'));
const RAISE_BLOCKED = said(bidReason('raise_blocked'));

function fewClicks(clicks: number, minClicks: number): Said {
  return said(bidReason('few_clicks', { actual: clicks, target: minClicks }));
}

/** A strategy's reasons: its CPC changes up and down, and a kept bid brought within its bounds. */
function strategyReasons(strategy: StrategyFacts): { up: Said; down: Said; bounded: Said } {
  const bounds = { minBid: strategy.minBid, maxBid: strategy.maxBid };
  return {
    up: said(bidReason('raised', { ...bounds, target: strategy.targetCpc })),
    down: said(bidReason('lowered', { ...bounds, target: strategy.targetCpc })),
    bounded: said(bidReason('bounded', bounds)),
  };
}

type StrategyReasons = ReturnType<typeof strategyReasons>;

/** Why a bid that was not held back by a budget limit ends where it does. */
function reasonOf(next: { bid: number } | { keep: Said }, current: number, bidAfter: number, texts: StrategyReasons): Said {
  if ('keep' in next) return bidAfter === current ? next.keep : texts.bounded;
  if (bidAfter === current) return UNCHANGED;
  return bidAfter > current ? texts.up : texts.down;
}

/**
 * Spec: engine rules 1-6. Every product bid of every campaign that is active, has Auto on and follows an active strategy:
 * changed (cpc goal: toward the target click price, at most ±50 % per evidence window; every bid, kept ones too,
 * clamped to the strategy's bounds) or skipped with the reason. A campaign whose budget limit a check found reached
 * today gets no raise. Written for 100 000 bids a run: strategies sorted and reasons built once, one statistics lookup
 * per product.
 */
export function decideBids(strategies: readonly StrategyFacts[], campaigns: readonly CampaignFacts[], inputs: BidInputs): BidDecision[] {
  const active = activeByAge(strategies);
  const reasons = new Map(active.map((strategy) => [strategy.id, strategyReasons(strategy)]));
  const decisions: BidDecision[] = [];
  for (const campaign of campaigns) {
    if (!campaign.active || !campaign.auto) continue;
    const strategy = followed(campaign, active);
    if (!strategy) continue;
    const recalculates = strategy.goal === 'cpc' && strategy.targetCpc !== null;
    const texts = reasons.get(strategy.id)!;
    const { advertId, name: campaignName } = campaign;
    const strategyId = strategy.id;
    for (const { nmId, name: productName, bids } of campaign.products) {
      const placements = Object.entries(bids ?? {}) as [BidPlacement, number][];
      if (placements.length === 0) {
        decisions.push({
          advertId,
          campaignName,
          nmId,
          productName,
          placement: null,
          bidBefore: null,
          bidAfter: null,
          strategyId,
          changed: false,
          ...NO_BID_DATA,
        });
        continue;
      }
      const productStats = recalculates ? inputs.stats.get(productStatsKey(advertId, nmId)) : undefined;
      for (const [placement, current] of placements) {
        const evidence = recalculates ? inputs.evidence.get(bidEvidenceKey(advertId, nmId, placement)) : undefined;
        const next = recalculates
          ? cpcBid(current, strategy.targetCpc!, productStats, evidence, inputs.minClicks)
          : { keep: NOT_RECALCULATED };
        const wanted = clamp('keep' in next ? current : next.bid, strategy);
        const blocked = campaign.raiseBlocked && wanted > current;
        const bidAfter = blocked ? current : wanted;
        const reason = blocked ? RAISE_BLOCKED : reasonOf(next, current, bidAfter, texts);
        decisions.push({
          advertId,
          campaignName,
          nmId,
          productName,
          placement,
          bidBefore: current,
          bidAfter,
          strategyId,
          changed: bidAfter !== current,
          ...saidOf(reason, current, bidAfter),
        });
      }
    }
  }
  return decisions;
}
