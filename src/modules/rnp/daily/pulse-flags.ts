import { RNP_FLAGS, RnpFlag } from '../../../database/schema/rnp';
import { kopecksOfRoubles } from '../../../shared/money';

/** Days of cover under this many: the SKU may run out of stock. */
export const OOS_RISK_DAYS = 7;
/** Orders under this share of the plan (tenths): the SKU is below plan. */
const BELOW_PLAN_TENTHS = 7;

/** What a cell (a day, or a week of days) holds for its flags; money and percentages as numeric text. */
export interface PulseFacts {
  /** Days the cell covers (1 for a day), for the plan of orders per day. */
  days: number;
  ordersQty: number | null;
  ordersSum: string | null;
  adSpend: string | null;
  daysOfCover: string | null;
  badReviews: number;
  price: string | null;
  /** The price of the day before the cell's first day; null when unknown. */
  previousPrice: string | null;
}

/** The plan of the SKU's list item, when the SKU is in a list. */
export interface PulsePlan {
  planOrdersPerDay: number | null;
  targetDrrPct: string | null;
}

/** Exact hundredths of a non-negative decimal text (numeric from the database); null when there is none. */
function hundredths(value: string | null): bigint | null {
  if (value === null) return null;
  const kopecks = kopecksOfRoubles(value);
  return kopecks === null ? null : BigInt(kopecks);
}

/** The flags that hold whatever the plan: cover, feedback and price. */
export function dayFlags(facts: PulseFacts): RnpFlag[] {
  const flags: RnpFlag[] = [];
  if (facts.daysOfCover !== null && Number(facts.daysOfCover) < OOS_RISK_DAYS) flags.push('oos_risk');
  if (facts.badReviews > 0) flags.push('bad_reviews');
  const price = hundredths(facts.price);
  const previous = hundredths(facts.previousPrice);
  if (price !== null && previous !== null && price !== previous) flags.push('price_changed');
  return flags;
}

/**
 * The flags against the plan: DRR (ad spend ÷ orders ₽) over the target, compared exactly as spend × 100 > target ×
 * orders (spend without orders is over any target); orders under 70 % of the plan for the cell's days. Nothing is
 * flagged where the figure is unknown.
 */
export function planFlags(facts: PulseFacts, plan: PulsePlan | null): RnpFlag[] {
  if (!plan) return [];
  const flags: RnpFlag[] = [];
  const spend = hundredths(facts.adSpend);
  const orders = hundredths(facts.ordersSum);
  const target = hundredths(plan.targetDrrPct);
  if (spend !== null && orders !== null && target !== null && spend > 0n && spend * 10_000n > target * orders)
    flags.push('drr_over_target');
  if (plan.planOrdersPerDay !== null && plan.planOrdersPerDay > 0 && facts.ordersQty !== null) {
    if (facts.ordersQty * 10 < BELOW_PLAN_TENTHS * plan.planOrdersPerDay * facts.days) flags.push('below_plan');
  }
  return flags;
}

const ordered = (found: Set<RnpFlag>): RnpFlag[] => RNP_FLAGS.filter((flag) => found.has(flag));
const PLAN_FLAGS: readonly RnpFlag[] = ['drr_over_target', 'below_plan'];

/** Every flag of a cell, in the order of RNP_FLAGS. */
export function pulseFlags(facts: PulseFacts, plan: PulsePlan | null): RnpFlag[] {
  return ordered(new Set([...dayFlags(facts), ...planFlags(facts, plan)]));
}

/**
 * The flags of a cell read against another plan than the stored rows were (a list's own item): the stored flags that
 * hold whatever the plan, and the plan's flags decided again.
 */
export function againstPlan(stored: readonly RnpFlag[], facts: PulseFacts, plan: PulsePlan | null): RnpFlag[] {
  return ordered(new Set([...stored.filter((flag) => !PLAN_FLAGS.includes(flag)), ...planFlags(facts, plan)]));
}
