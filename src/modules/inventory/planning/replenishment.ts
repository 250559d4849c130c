/** What a plan asks for: days of sales to cover, days until a supply arrives, and a margin. */
export interface PlanParams {
  targetDays: number;
  leadTimeDays: number;
  safetyFactor: number;
}

/** One SKU size at one warehouse, as a plan sees it. */
export interface PlanInput {
  velocityPerDay: number | null;
  stock: number;
  inSupply: number;
}

/** Float error below this is not a unit: 0.1 × 3 × 10 must ask for 3, not 4. */
const EPSILON = 1e-9;

/**
 * Units to send, `ceil(velocity × (targetDays + leadTimeDays) × safetyFactor − stock − inSupply)`; 0 when
 * the stock and the supplies on their way cover it, or without sales.
 */
export function replenishmentQuantity(input: PlanInput, params: PlanParams): number {
  if (input.velocityPerDay === null || input.velocityPerDay <= 0) return 0;
  const needed = input.velocityPerDay * (params.targetDays + params.leadTimeDays) * params.safetyFactor - input.stock - input.inSupply;
  return Math.max(0, Math.ceil(needed - EPSILON));
}
