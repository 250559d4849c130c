import { Injectable } from '@nestjs/common';

import { shiftDay } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import { CatalogReader, ProductSizes } from '../../catalog/products/catalog.reader';
import { OrdersReader } from '../../digitization/reads/orders.reader';
import { coverStatus, CoverThresholds, daysOfCover } from './cover-status';
import { CoverRow, InventoryCoverRepository } from './inventory-cover.repository';
import { StockDay, VELOCITY_DAYS, velocityPerDay } from './stock-velocity';

/** SKUs whose velocity is computed together: bounded memory (28 days each), also while a sync's sources are read beside it. */
const COVER_BATCH = 1000;
/** SKUs whose days of cover are written together: their units and velocity only, so fewer round trips. */
const WRITE_BATCH = 5000;

/**
 * The Moscow days velocity reads on `today`: the VELOCITY_DAYS complete days before it (today's orders are still
 * coming in and would pull every velocity down in the morning).
 */
export function velocityWindow(today: string): { dayFrom: string; dayTo: string; days: string[] } {
  const days = Array.from({ length: VELOCITY_DAYS }, (_, index) => shiftDay(today, index - VELOCITY_DAYS));
  return { dayFrom: days[0], dayTo: days[days.length - 1], days };
}

/** A batch of listed SKUs with their sizes, and the history and current units of a SKU or of one of its sizes. */
export interface StockBatch {
  products: ProductSizes[];
  history(nmId: number, techSize?: string | null): StockDay[];
  quantity(nmId: number, techSize?: string | null): number;
}

const key = (nmId: number, techSize: string | null) => `${nmId}|${techSize === null ? 'all' : `size:${techSize}`}`;

/** Figures of a SKU or a size by day of the velocity window: one array each, not an entry per day (bounded memory). */
class DaySeries {
  private readonly series = new Map<string, number[]>();

  constructor(private readonly days: number) {}

  /** Adds a row's values at its days (offsets into the window) to `key`'s series. */
  add(key: string, dayOffsets: readonly number[], values: readonly number[]): void {
    let series = this.series.get(key);
    if (!series) this.series.set(key, (series = new Array<number>(this.days).fill(0)));
    dayOffsets.forEach((offset, index) => (series[offset] += values[index]));
  }

  at(key: string, index: number): number {
    return this.series.get(key)?.[index] ?? 0;
  }
}

/** Computes and stores each SKU's velocity, days of cover and status (inventory_cover) from snapshots and orders. */
@Injectable()
export class InventoryCover {
  constructor(
    private readonly catalog: CatalogReader,
    private readonly orders: OrdersReader,
    private readonly repository: InventoryCoverRepository,
  ) {}

  /**
   * The account's listed SKUs in batches of COVER_BATCH with what velocity needs: each SKU's and each size's history of
   * the velocity window before `now`'s Moscow day, and their current units (over `warehouseIds` only, when given).
   * With `bySize` false only the SKUs' histories are read: a size's then has no stock on any day, and no SKU has units.
   */
  async *batches(accountId: string, now: Date, warehouseIds: number[] | null = null, bySize = true): AsyncGenerator<StockBatch> {
    const { dayFrom, dayTo, days } = velocityWindow(moscowToday(now));
    const snapshotDays = await this.repository.snapshotDays(accountId, dayFrom, dayTo);
    let afterNmId = 0;
    for (;;) {
      const products = await this.catalog.sizesAfter(accountId, afterNmId, COVER_BATCH);
      if (products.length === 0) return;
      const nmIds = products.map((product) => product.nmId);
      const orders = new DaySeries(days.length);
      const stock = new DaySeries(days.length);
      const current = new Map<string, number>();
      // Keyed by size and by SKU (an empty size): a SKU's day sums its sizes.
      for (const row of await this.orders.dailyOrders(accountId, nmIds, dayFrom, dayTo, bySize)) {
        if (row.techSize !== null) orders.add(key(row.nmId, row.techSize), row.dayOffsets, row.orders);
        orders.add(key(row.nmId, null), row.dayOffsets, row.orders);
      }
      for (const row of await this.repository.snapshotQuantities(accountId, nmIds, dayFrom, dayTo, bySize)) {
        if (row.techSize !== null) stock.add(key(row.nmId, row.techSize), row.dayOffsets, row.quantities);
        stock.add(key(row.nmId, null), row.dayOffsets, row.quantities);
      }
      if (bySize)
        for (const row of await this.repository.currentQuantities(accountId, nmIds, warehouseIds)) {
          const add = (of: string) => current.set(of, (current.get(of) ?? 0) + row.quantity);
          add(key(row.nmId, row.techSize));
          add(key(row.nmId, null));
        }
      yield {
        products,
        history: (nmId, techSize = null) => {
          const of = key(nmId, techSize);
          return days.map((day, index) => ({
            day,
            quantity: snapshotDays.has(day) ? stock.at(of, index) : null,
            orders: orders.at(of, index),
          }));
        },
        quantity: (nmId, techSize = null) => current.get(key(nmId, techSize)) ?? 0,
      };
      afterNmId = nmIds[nmIds.length - 1];
    }
  }

  /**
   * Each listed SKU's velocity on `now`'s Moscow day. It reads only the days before that day (velocityWindow), so a
   * sync computes it while the day's stock is still being read.
   */
  async velocities(accountId: string, now = new Date()): Promise<Map<number, number | null>> {
    const velocities = new Map<number, number | null>();
    for await (const batch of this.batches(accountId, now, null, false))
      for (const { nmId } of batch.products) velocities.set(nmId, velocityPerDay(batch.history(nmId)));
    return velocities;
  }

  /**
   * Every listed SKU of the account from its current units and its velocity (`known`, computed earlier the same Moscow
   * day, or read now); covers of SKUs no longer listed removed.
   */
  async refresh(accountId: string, thresholds: CoverThresholds, now = new Date(), known?: Map<number, number | null>): Promise<number> {
    const velocities = known ?? (await this.velocities(accountId, now));
    const listed = [...velocities.keys()];
    const quantities = await this.repository.skuQuantities(accountId);
    for (let start = 0; start < listed.length; start += WRITE_BATCH) {
      const nmIds = listed.slice(start, start + WRITE_BATCH);
      const rows: CoverRow[] = nmIds.map((nmId) => {
        const velocity = velocities.get(nmId) ?? null;
        const quantity = quantities.get(nmId) ?? 0;
        return {
          nmId,
          quantity,
          velocityPerDay: velocity,
          daysOfCover: daysOfCover(quantity, velocity),
          status: coverStatus(quantity, velocity, thresholds),
        };
      });
      await this.repository.upsert(accountId, rows, now);
    }
    await this.repository.removeOlder(accountId, now);
    return velocities.size;
  }
}
