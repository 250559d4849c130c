import { Injectable } from '@nestjs/common';

import { moscowToday } from '../../../common/time/moscow-time';
import { shiftDay } from '../../autobidder/stats-days';
import { CatalogReader } from '../../catalog/products/catalog.reader';
import { OrdersReader } from '../../digitization/reads/orders.reader';
import { coverStatus, CoverThresholds, daysOfCover } from './cover-status';
import { CoverRow, InventoryCoverRepository } from './inventory-cover.repository';
import { StockDay, VELOCITY_DAYS, velocityPerDay } from './stock-velocity';

/** SKUs computed together: bounded memory (28 days each) at 20 000 SKUs. */
const COVER_BATCH = 2000;

/**
 * The Moscow days velocity reads on `today`: the VELOCITY_DAYS complete days before it (today's orders are still
 * coming in and would pull every velocity down in the morning).
 */
export function velocityWindow(today: string): { dayFrom: string; dayTo: string; days: string[] } {
  const days = Array.from({ length: VELOCITY_DAYS }, (_, index) => shiftDay(today, index - VELOCITY_DAYS));
  return { dayFrom: days[0], dayTo: days[days.length - 1], days };
}

/** Computes and stores each SKU's velocity, days of cover and status (inventory_cover) from snapshots and orders. */
@Injectable()
export class InventoryCover {
  constructor(
    private readonly catalog: CatalogReader,
    private readonly orders: OrdersReader,
    private readonly repository: InventoryCoverRepository,
  ) {}

  /** Every listed SKU of the account, in batches; covers of SKUs no longer listed removed. */
  async refresh(accountId: string, thresholds: CoverThresholds, now = new Date()): Promise<number> {
    const { dayFrom, dayTo, days } = velocityWindow(moscowToday(now));
    const snapshotDays = await this.repository.snapshotDays(accountId, dayFrom, dayTo);
    let afterNmId = 0;
    let count = 0;
    for (;;) {
      const products = await this.catalog.sizesAfter(accountId, afterNmId, COVER_BATCH);
      if (products.length === 0) break;
      const nmIds = products.map((product) => product.nmId);
      const orders = await this.orders.dailyOrders(accountId, nmIds, dayFrom, dayTo);
      const stock = await this.repository.snapshotQuantities(accountId, nmIds, dayFrom, dayTo);
      const current = await this.repository.currentQuantities(accountId, nmIds);
      const key = (nmId: number, day: string) => `${nmId}|${day}`;
      const ordersOf = new Map(orders.map((row) => [key(row.nmId, row.day), row.orders]));
      const stockOf = new Map(stock.map((row) => [key(row.nmId, row.day), row.quantity]));
      const rows: CoverRow[] = nmIds.map((nmId) => {
        const history: StockDay[] = days.map((day) => ({
          day,
          quantity: snapshotDays.has(day) ? (stockOf.get(key(nmId, day)) ?? 0) : null,
          orders: ordersOf.get(key(nmId, day)) ?? 0,
        }));
        const velocity = velocityPerDay(history);
        const quantity = current.get(nmId) ?? 0;
        return {
          nmId,
          quantity,
          velocityPerDay: velocity,
          daysOfCover: daysOfCover(quantity, velocity),
          status: coverStatus(quantity, velocity, thresholds),
        };
      });
      await this.repository.upsert(accountId, rows, now);
      count += rows.length;
      afterNmId = nmIds[nmIds.length - 1];
    }
    await this.repository.removeOlder(accountId, now);
    return count;
  }
}
