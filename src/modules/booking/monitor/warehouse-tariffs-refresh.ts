import { Injectable } from '@nestjs/common';

import { moscowToday } from '../../../common/time/moscow-time';
import { MarketplaceClient } from '../../../marketplace/client/marketplace-client';
import { MarketplaceCallError } from '../../../marketplace/client/marketplace-errors';
import { boxTariffs, palletTariffs } from '../../../marketplace/endpoints/tariffs';
import { BookingTariffsRepository, TariffsAnswer } from '../warehouses/booking-tariffs.repository';
import { boxTariffsOf, palletTariffsOf } from '../warehouses/warehouse-tariffs';
import { SlotMonitorRepository, SourceRow } from './slot-monitor.repository';

/** One item per warehouse name: a name listed twice would be one row twice. */
function byName<T extends { warehouseName: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.warehouseName, item])).values()];
}

/**
 * The box and pallet tariffs of an account's warehouses (reference 11.7), read with the warehouse list. They change at
 * most daily, so each call is made once per Moscow day, answered or not; a failed call leaves the last ones stored.
 */
@Injectable()
export class WarehouseTariffsRefresh {
  constructor(
    private readonly sources: SlotMonitorRepository,
    private readonly tariffs: BookingTariffsRepository,
    private readonly client: MarketplaceClient,
  ) {}

  async refresh(mpAccountId: string, source: SourceRow | undefined, now: Date): Promise<void> {
    const day = moscowToday(now);
    if (source?.tariffsDay === day) return;
    await this.sources.markSource(mpAccountId, { tariffsDay: day });
    await this.keepLast(async () => {
      const { data } = (await this.client.call(boxTariffs, { accountId: mpAccountId }, { date: day })).body.response;
      await this.tariffs.saveBox(mpAccountId, this.answer(data, boxTariffsOf), new Date());
    });
    await this.keepLast(async () => {
      const { data } = (await this.client.call(palletTariffs, { accountId: mpAccountId }, { date: day })).body.response;
      await this.tariffs.savePallet(mpAccountId, this.answer(data, palletTariffsOf), new Date());
    });
  }

  private answer<I extends { warehouseName: string }, T>(
    data: { currency?: string; warehouseList: I[] | null },
    rates: (item: I) => T,
  ): TariffsAnswer<T> {
    return {
      currency: data.currency ?? null,
      warehouses: byName(data.warehouseList ?? []).map((item) => ({ warehouseName: item.warehouseName, ...rates(item) })),
    };
  }

  /** A marketplace failure leaves the tariffs as last stored, and the warehouses and the slot watch go on. */
  private async keepLast(read: () => Promise<void>): Promise<void> {
    try {
      await read();
    } catch (error) {
      if (!(error instanceof MarketplaceCallError)) throw error;
    }
  }
}
