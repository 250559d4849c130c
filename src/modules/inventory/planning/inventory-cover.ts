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

  constructor(private readonly days: ReadonlyMap<string, number>) {}

  add(key: string, day: string, value: number): void {
    const index = this.days.get(day);
    if (index === undefined) return;
    let series = this.series.get(key);
    if (!series) this.series.set(key, (series = new Array<number>(this.days.size).fill(0)));
    series[index] += value;
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
   * With `bySize` false only the SKUs' histories are read (a size's then has no stock on any day).
   */
  async *batches(accountId: string, now: Date, warehouseIds: number[] | null = null, bySize = true): AsyncGenerator<StockBatch> {
    const { dayFrom, dayTo, days } = velocityWindow(moscowToday(now));
    const snapshotDays = await this.repository.snapshotDays(accountId, dayFrom, dayTo);
    const dayIndex = new Map(days.map((day, index) => [day, index]));
    let afterNmId = 0;
    for (;;) {
      const products = await this.catalog.sizesAfter(accountId, afterNmId, COVER_BATCH);
      if (products.length === 0) return;
      const nmIds = products.map((product) => product.nmId);
      const orders = new DaySeries(dayIndex);
      const stock = new DaySeries(dayIndex);
      const current = new Map<string, number>();
      const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
      // Keyed by size and by SKU (an empty size): a SKU's day sums its sizes.
      for (const row of await this.orders.dailyOrders(accountId, nmIds, dayFrom, dayTo)) {
        orders.add(key(row.nmId, row.techSize), row.day, row.orders);
        orders.add(key(row.nmId, null), row.day, row.orders);
      }
      for (const row of await this.repository.snapshotQuantities(accountId, nmIds, dayFrom, dayTo, bySize)) {
        if (row.techSize !== null) stock.add(key(row.nmId, row.techSize), row.day, row.quantity);
        stock.add(key(row.nmId, null), row.day, row.quantity);
      }
      for (const row of await this.repository.currentQuantities(accountId, nmIds, warehouseIds)) {
        add(current, key(row.nmId, row.techSize), row.quantity);
        add(current, key(row.nmId, null), row.quantity);
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
    for (let start = 0; start < listed.length; start += WRITE_BATCH) {
      const nmIds = listed.slice(start, start + WRITE_BATCH);
      const quantities = new Map<number, number>();
      for (const row of await this.repository.currentQuantities(accountId, nmIds))
        quantities.set(row.nmId, (quantities.get(row.nmId) ?? 0) + row.quantity);
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
