import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';

import { inWindow } from '../../../common/kpi/in-window';
import type { KpiWindow } from '../../../common/kpi/kpi-window';
import { MOSCOW_TZ } from '../../../common/time/moscow-time';
import { DATABASE, Database } from '../../../database/database.tokens';
import { bookingSupplies, bookingSupplyGoods } from '../../../database/schema';
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

/** The account's supplies accepted within a window: how many, the units they came short, what acceptance cost. */
export interface AcceptedFigures {
  suppliesAccepted: number;
  unitsShort: number;
  /** Roubles to the kopeck, summed in SQL. */
  acceptanceCost: number;
}

/** Units of a size in supplies not accepted yet. */
export type UnitsInSupply = {
  nmId: number;
  techSize: string;
  quantity: number;
};

/** What the rest of the booking module and the inventory read of an account's supplies. */
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

  /** Supplies accepted (status 5) with their acceptance (factDate) in the window. */
  async acceptedIn(accountId: string, window: KpiWindow): Promise<AcceptedFigures> {
    const [row] = await this.db
      .select({
        suppliesAccepted: sql<number>`count(*)::int`,
        unitsShort: sql<number>`coalesce(sum(greatest(${bookingSupplies.quantity} - ${bookingSupplies.acceptedQuantity}, 0)), 0)::int`,
        acceptanceCost: sql<number>`coalesce(sum(${bookingSupplies.acceptanceCost}), 0)::float8`,
      })
      .from(bookingSupplies)
      .where(
        and(
          eq(bookingSupplies.mpAccountId, accountId),
          eq(bookingSupplies.status, SUPPLY_ACCEPTED),
          inWindow(bookingSupplies.factDate, window),
        ),
      );
    return row;
  }

  /**
   * Units of these SKUs in the account's supplies not accepted yet (any status but 5), per size: a good's quantity less
   * what its acceptance already counted.
   */
  async unitsInSupply(accountId: string, nmIds: number[]): Promise<UnitsInSupply[]> {
    if (nmIds.length === 0) return [];
    const { rows } = await this.db.execute<UnitsInSupply>(sql`
      SELECT g.nm_id AS "nmId", g.tech_size AS "techSize",
        sum(greatest(g.quantity - coalesce(g.accepted_quantity, 0), 0))::int AS quantity
      FROM ${bookingSupplyGoods} g JOIN ${bookingSupplies} s ON s.id = g.supply_row_id
      WHERE s.mp_account_id = ${accountId}::uuid AND s.status <> ${SUPPLY_ACCEPTED}
        AND g.nm_id = ANY(${`{${nmIds.join(',')}}`}::bigint[])
      GROUP BY 1, 2
      HAVING sum(greatest(g.quantity - coalesce(g.accepted_quantity, 0), 0)) > 0`);
    return rows.map((row) => ({ ...row, nmId: Number(row.nmId) }));
  }
}
