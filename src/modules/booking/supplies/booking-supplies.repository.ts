import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gte, isNull, ne, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { bookingSupplies, bookingSupplyGoods } from '../../../database/schema';
import { SUPPLY_ACCEPTED, SupplyDetailsRow, SupplyGoodRow, SupplyListRow } from './booking-supplies.mapping';

export type BookingSupplyRecord = typeof bookingSupplies.$inferSelect;
export type BookingSupplyGoodRecord = typeof bookingSupplyGoods.$inferSelect;

/** A supply whose details are to be read: by its supply id, or an order by its order id. */
export interface DueSupply {
  rowId: string;
  supplyId: string | null;
  preorderId: string;
}

const SORT_COLUMNS = {
  createDate: bookingSupplies.createDate,
  supplyDate: bookingSupplies.supplyDate,
  factDate: bookingSupplies.factDate,
  status: bookingSupplies.status,
};
export const BOOKING_SUPPLY_SORT_FIELDS = Object.keys(SORT_COLUMNS) as (keyof typeof SORT_COLUMNS)[];

export interface BookingSupplyListFilter extends Pick<DataScope, 'accountId'>, SortedPageRequest<keyof typeof SORT_COLUMNS> {
  status?: number;
}

/** Every query of the supplies and their goods. */
@Injectable()
export class BookingSuppliesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * A page of the list in one transaction: orders by their order id, supplies by their supply id, and the order a
   * supply was planned from gives way to it. A changed updatedDate or status makes the details due again.
   */
  async upsertListed(accountId: string, rows: SupplyListRow[]): Promise<void> {
    if (rows.length === 0) return;
    const recordset = (part: SupplyListRow[]) => sql`jsonb_to_recordset(${JSON.stringify(part)}::jsonb)
      AS r("supplyId" bigint, "preorderId" bigint, status smallint, "boxTypeId" smallint, "createDate" timestamptz,
        "supplyDate" timestamptz, "factDate" timestamptz, "mpUpdatedAt" timestamptz)`;
    const set = sql`status = EXCLUDED.status, box_type_id = EXCLUDED.box_type_id, create_date = EXCLUDED.create_date,
        supply_date = EXCLUDED.supply_date, fact_date = EXCLUDED.fact_date, mp_updated_at = EXCLUDED.mp_updated_at,
        details_due = booking_supplies.details_due OR EXCLUDED.mp_updated_at IS NULL
          OR booking_supplies.mp_updated_at IS DISTINCT FROM EXCLUDED.mp_updated_at OR booking_supplies.status <> EXCLUDED.status,
        synced_at = now()`;
    const columns = sql`(mp_account_id, supply_id, preorder_id, status, box_type_id, create_date, supply_date, fact_date, mp_updated_at)`;
    const values = sql`${accountId}::uuid, r."supplyId", r."preorderId", r.status, r."boxTypeId", r."createDate", r."supplyDate",
        r."factDate", r."mpUpdatedAt"`;
    const supplies = rows.filter((row) => row.supplyId !== null);
    const orders = rows.filter((row) => row.supplyId === null);
    await this.db.transaction(async (tx) => {
      if (orders.length > 0)
        await tx.execute(sql`INSERT INTO booking_supplies ${columns} SELECT ${values} FROM ${recordset(orders)}
          ON CONFLICT (mp_account_id, preorder_id) WHERE supply_id IS NULL DO UPDATE SET ${set}`);
      if (supplies.length === 0) return;
      await tx.execute(sql`INSERT INTO booking_supplies ${columns} SELECT ${values} FROM ${recordset(supplies)}
        ON CONFLICT (mp_account_id, supply_id) DO UPDATE SET ${set}, preorder_id = EXCLUDED.preorder_id`);
      const planned = supplies.map((row) => row.preorderId).filter((id) => id !== '0');
      if (planned.length > 0)
        await tx.execute(sql`DELETE FROM booking_supplies WHERE mp_account_id = ${accountId}::uuid AND supply_id IS NULL
          AND preorder_id = ANY(${`{${planned.join(',')}}`}::bigint[])`);
    });
  }

  /** The next supply of the account whose details are due, in a fixed order: the due flag is the sync's checkpoint. */
  async nextDue(accountId: string): Promise<DueSupply | undefined> {
    const [row] = await this.db
      .select({ rowId: bookingSupplies.id, supplyId: bookingSupplies.supplyId, preorderId: bookingSupplies.preorderId })
      .from(bookingSupplies)
      .where(and(eq(bookingSupplies.mpAccountId, accountId), eq(bookingSupplies.detailsDue, true)))
      .orderBy(asc(bookingSupplies.id))
      .limit(1);
    return row && { rowId: row.rowId, supplyId: row.supplyId?.toString() ?? null, preorderId: row.preorderId.toString() };
  }

  /** The details and goods of a supply in one transaction, which also clears its due flag. */
  async writeDetails(rowId: string, details: SupplyDetailsRow, goods: SupplyGoodRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(bookingSupplies)
        .set({
          ...details,
          supplyDate: details.supplyDate === null ? null : new Date(details.supplyDate),
          factDate: details.factDate === null ? null : new Date(details.factDate),
          detailsDue: false,
          syncedAt: new Date(),
        })
        .where(eq(bookingSupplies.id, rowId));
      await tx.delete(bookingSupplyGoods).where(eq(bookingSupplyGoods.supplyRowId, rowId));
      if (goods.length > 0) await tx.insert(bookingSupplyGoods).values(goods.map((good) => ({ ...good, supplyRowId: rowId })));
    });
  }

  /** A supply the marketplace no longer answers for (gone, or an order become a supply): its details are not due. */
  async detailsGone(rowId: string): Promise<void> {
    await this.db.update(bookingSupplies).set({ detailsDue: false }).where(eq(bookingSupplies.id, rowId));
  }

  /**
   * Accepted supplies of the account short of units, updated since `since`, not notified yet: marked notified in the
   * same statement, so that each is answered once, whatever runs it again.
   */
  async claimShortfalls(accountId: string, since: Date): Promise<BookingSupplyRecord[]> {
    return this.db
      .update(bookingSupplies)
      .set({ shortfallNotifiedAt: new Date() })
      .where(
        and(
          eq(bookingSupplies.mpAccountId, accountId),
          eq(bookingSupplies.status, SUPPLY_ACCEPTED),
          sql`${bookingSupplies.quantity} > ${bookingSupplies.acceptedQuantity}`,
          isNull(bookingSupplies.shortfallNotifiedAt),
          eq(bookingSupplies.detailsDue, false),
          gte(sql`coalesce(${bookingSupplies.mpUpdatedAt}, ${bookingSupplies.createDate})`, since),
        ),
      )
      .returning();
  }

  /** Accounts with a supply on its way: not accepted, created since `since`. */
  async accountsInFlight(since: Date): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ accountId: bookingSupplies.mpAccountId })
      .from(bookingSupplies)
      .where(and(ne(bookingSupplies.status, SUPPLY_ACCEPTED), gte(bookingSupplies.createDate, since)));
    return rows.map((row) => row.accountId);
  }

  async page(filter: BookingSupplyListFilter): Promise<Page<BookingSupplyRecord>> {
    const where = and(
      eq(bookingSupplies.mpAccountId, filter.accountId),
      filter.status === undefined ? undefined : eq(bookingSupplies.status, filter.status),
    );
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: bookingSupplies.id },
      this.db.select().from(bookingSupplies).where(where).$dynamic(),
      this.db.select({ total: count() }).from(bookingSupplies).where(where),
    );
  }

  async findBySupplyId(accountId: string, supplyId: string): Promise<BookingSupplyRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(bookingSupplies)
      .where(and(eq(bookingSupplies.mpAccountId, accountId), eq(bookingSupplies.supplyId, BigInt(supplyId))));
    return row;
  }

  goodsOf(rowId: string): Promise<BookingSupplyGoodRecord[]> {
    return this.db
      .select()
      .from(bookingSupplyGoods)
      .where(eq(bookingSupplyGoods.supplyRowId, rowId))
      .orderBy(asc(bookingSupplyGoods.nmId), asc(bookingSupplyGoods.barcode));
  }
}
