import { kopecksOfRoubles } from '../../../shared/money';

/** A day's sales-funnel figures; money and percentages as numeric text (two places) or the marketplace's numbers. */
export interface FunnelFigures {
  opens: number | null;
  cartAdds: number | null;
  ordersQty: number | null;
  ordersSum: string | null;
  buyoutsQty: number | null;
  buyoutsSum: string | null;
  cancelsQty: number | null;
  cancelsSum: string | null;
  addToCartPct: string | null;
  cartToOrderPct: string | null;
  buyoutPct: string | null;
}

export const FUNNEL_FIELDS = [
  'opens',
  'cartAdds',
  'ordersQty',
  'ordersSum',
  'buyoutsQty',
  'buyoutsSum',
  'cancelsQty',
  'cancelsSum',
  'addToCartPct',
  'cartToOrderPct',
  'buyoutPct',
] as const satisfies readonly (keyof FunnelFigures)[];

/**
 * What a funnel write does to a stored row: `first` — the row had no funnel (version 0 → 1); `revised` — a figure the
 * write carries differs (the stored figures are kept as a version, the row's version goes up); `same` — nothing changes.
 */
export type FunnelRevision = 'first' | 'revised' | 'same';

/** A figure as exact hundredths, so that 12.5 and "12.50" are the same figure. */
function exact(value: number | string | null): string | null {
  if (value === null) return null;
  const hundredths = kopecksOfRoubles(String(value));
  return hundredths === null ? String(value) : String(hundredths);
}

/**
 * Compares a write with the stored funnel field by field, over the fields the write carries (the history call has no
 * cancellations: they stay as they are).
 */
export function funnelRevision(stored: { version: number } & FunnelFigures, incoming: Partial<FunnelFigures>): FunnelRevision {
  if (stored.version === 0) return 'first';
  const changed = FUNNEL_FIELDS.some((field) => field in incoming && exact(incoming[field] ?? null) !== exact(stored[field]));
  return changed ? 'revised' : 'same';
}
