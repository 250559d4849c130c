import type { CoverStatus } from '../../../database/schema';

/** The account's thresholds, in days of cover. */
export interface CoverThresholds {
  urgentDays: number;
  soonDays: number;
}

/** Days the stock lasts at the velocity; null without sales (no velocity, or 0). */
export function daysOfCover(quantity: number, velocity: number | null): number | null {
  if (velocity === null || velocity <= 0) return null;
  return quantity / velocity;
}

/** Out of stock first; then no sales; then urgent under `urgentDays` of cover, soon under `soonDays`, else enough. */
export function coverStatus(quantity: number, velocity: number | null, thresholds: CoverThresholds): CoverStatus {
  if (quantity <= 0) return 'oos';
  const cover = daysOfCover(quantity, velocity);
  if (cover === null) return 'no_sales';
  if (cover < thresholds.urgentDays) return 'urgent';
  if (cover < thresholds.soonDays) return 'soon';
  return 'enough';
}
