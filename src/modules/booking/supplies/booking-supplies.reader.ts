import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';

import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { bookingSupplies } from '../../../database/schema';
import { SUPPLY_ACCEPTED } from './booking-supplies.mapping';

/** A supply planned at a warehouse for a Moscow day. */
export interface PlannedSupply {
  supplyId: string;
  warehouseId: number;
  /** The planned Moscow day, YYYY-MM-DD. */
  supplyDay: string;
  status: number;
  accepted: boolean;
}

/** What the rest of the booking module reads of an account's supplies. */
@Injectable()
export class BookingSuppliesReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The account's supplies planned (status past 1) at these warehouses for a Moscow day from `dayFrom` to `dayTo` (YYYY-MM-DD). */
  async plannedAt(accountId: string, where: { warehouseIds: number[]; dayFrom: string; dayTo: string }): Promise<PlannedSupply[]> {
    if (where.warehouseIds.length === 0) return [];
    const supplyDay = sql<string>`to_char(${bookingSupplies.supplyDate} AT TIME ZONE ${MOSCOW_TZ}, 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ supplyId: bookingSupplies.supplyId, warehouseId: bookingSupplies.warehouseId, supplyDay, status: bookingSupplies.status })
      .from(bookingSupplies)
      .where(
        and(
          eq(bookingSupplies.mpAccountId, accountId),
          isNotNull(bookingSupplies.supplyId),
          ne(bookingSupplies.status, 1),
          inArray(bookingSupplies.warehouseId, where.warehouseIds),
          gte(supplyDay, where.dayFrom),
          lte(supplyDay, where.dayTo),
        ),
      );
    return rows.map((row) => ({
      supplyId: row.supplyId!.toString(),
      warehouseId: row.warehouseId!,
      supplyDay: row.supplyDay,
      status: row.status,
      accepted: row.status === SUPPLY_ACCEPTED,
    }));
  }
}
