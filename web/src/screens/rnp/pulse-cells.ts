import type { PulseCells, PulseFlag } from './rnp-queries';

/** Which sources have arrived for all of a cell's days. */
export interface Completeness {
  funnel: boolean;
  ads: boolean;
  price: boolean;
  stock: boolean;
}

/** A day (or week) of a SKU, with the figures a cell of the matrix shows. */
export interface PulseCell {
  period: string;
  ordersQty: number | null;
  ordersSum: number | null;
  buyoutPct: number | null;
  adSpend: number | null;
  drrPct: number | null;
  price: number | null;
  stock: number | null;
  daysOfCover: number | null;
  planOrders: number | null;
  planCompletionPct: number | null;
  flags: PulseFlag[];
  completeness: Completeness;
}

/** A SKU's cells from the columns the API answers (element i of each array is the i-th period). */
export function pulseCells(columns: PulseCells): PulseCell[] {
  return columns.period.map((period, index) => ({
    period,
    ordersQty: columns.ordersQty[index] ?? null,
    ordersSum: columns.ordersSum[index] ?? null,
    buyoutPct: columns.buyoutPct[index] ?? null,
    adSpend: columns.adSpend[index] ?? null,
    drrPct: columns.drrPct[index] ?? null,
    price: columns.price[index] ?? null,
    stock: columns.stock[index] ?? null,
    daysOfCover: columns.daysOfCover[index] ?? null,
    planOrders: columns.planOrders[index] ?? null,
    planCompletionPct: columns.planCompletionPct[index] ?? null,
    flags: columns.flags[index] ?? [],
    completeness: {
      funnel: columns.hasFunnel[index] ?? false,
      ads: columns.hasAds[index] ?? false,
      price: columns.hasPrice[index] ?? false,
      stock: columns.hasStock[index] ?? false,
    },
  }));
}
