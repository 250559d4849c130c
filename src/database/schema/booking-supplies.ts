import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';

/**
 * An FBW supply of an account, synced from the marketplace (reference 11.4-11.6). Ids are int64 (read exactly). An
 * order not planned yet has no supply id and is keyed by its order id; the row of the supply it becomes replaces it.
 */
export const bookingSupplies = pgTable(
  'booking_supplies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    supplyId: bigint('supply_id', { mode: 'bigint' }),
    /** 0 for virtual supplies (reference 11.4). */
    preorderId: bigint('preorder_id', { mode: 'bigint' }).notNull(),
    /** 1 not planned, 2 planned, 3 dispatch allowed, 4 accepting, 5 accepted, 6 unloaded at the gate. */
    status: smallint('status').notNull(),
    boxTypeId: smallint('box_type_id'),
    warehouseId: integer('warehouse_id'),
    warehouseName: text('warehouse_name'),
    createDate: timestamp('create_date', { withTimezone: true }).notNull(),
    supplyDate: timestamp('supply_date', { withTimezone: true }),
    factDate: timestamp('fact_date', { withTimezone: true }),
    /** The list's updatedDate: a new one makes the details due again. */
    mpUpdatedAt: timestamp('mp_updated_at', { withTimezone: true }),
    /** The details and goods are to be read (new or changed in the list); cleared with the write of them. */
    detailsDue: boolean('details_due').notNull().default(true),
    quantity: integer('quantity').notNull().default(0),
    acceptedQuantity: integer('accepted_quantity').notNull().default(0),
    readyForSaleQuantity: integer('ready_for_sale_quantity').notNull().default(0),
    /** Preliminary acceptance cost, roubles. */
    acceptanceCost: numeric('acceptance_cost', { precision: 14, scale: 2 }),
    /** When its shortfall was notified: once per supply. */
    shortfallNotifiedAt: timestamp('shortfall_notified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('booking_supplies_account_supply_key').on(table.mpAccountId, table.supplyId),
    uniqueIndex('booking_supplies_account_order_key')
      .on(table.mpAccountId, table.preorderId)
      .where(sql`${table.supplyId} is null`),
    index('booking_supplies_account_status_idx').on(table.mpAccountId, table.status, table.createDate),
    index('booking_supplies_account_created_idx').on(table.mpAccountId, table.createDate),
    index('booking_supplies_account_due_idx')
      .on(table.mpAccountId, table.id)
      .where(sql`${table.detailsDue}`),
  ],
);

/** The goods of a supply as its goods call gave them last (reference 11.6). */
export const bookingSupplyGoods = pgTable(
  'booking_supply_goods',
  {
    supplyRowId: uuid('supply_row_id')
      .notNull()
      .references(() => bookingSupplies.id, { onDelete: 'cascade' }),
    barcode: text('barcode').notNull(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    vendorCode: text('vendor_code').notNull(),
    techSize: text('tech_size').notNull(),
    quantity: integer('quantity').notNull(),
    acceptedQuantity: integer('accepted_quantity'),
    readyForSaleQuantity: integer('ready_for_sale_quantity'),
  },
  (table) => [uniqueIndex('booking_supply_goods_supply_barcode_key').on(table.supplyRowId, table.barcode)],
);
