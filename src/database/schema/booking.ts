import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';

const account = () =>
  uuid('mp_account_id')
    .notNull()
    .references(() => mpAccounts.id, { onDelete: 'cascade' });

/** Reference 11.1: box types 2 boxes, 5 mono-pallets, 6 supersafe. */
export const BOX_TYPE_IDS = [2, 5, 6] as const;
export type BoxTypeId = (typeof BOX_TYPE_IDS)[number];

/**
 * A slot-watch task's states: active → matched → booked → accepted; paused by the user, expired once dateTo has passed,
 * cancelled by DELETE (the row stays), source_unavailable while the coefficients call answers errors.
 */
export const BOOKING_TASK_STATUSES = [
  'active',
  'matched',
  'booked',
  'accepted',
  'paused',
  'expired',
  'cancelled',
  'source_unavailable',
] as const;
export type BookingTaskStatus = (typeof BOOKING_TASK_STATUSES)[number];

/** A coefficient is a multiplier with at most two decimals (reference 11.1: a number). */
const coefficient = () => numeric('coefficient', { precision: 6, scale: 2, mode: 'number' }).notNull();

/** An FBW warehouse of an account: from the warehouse list when it answers, else from the coefficients; the seller's favourite mark. */
export const bookingWarehouses = pgTable(
  'booking_warehouses',
  {
    mpAccountId: account(),
    warehouseId: integer('warehouse_id').notNull(),
    name: text('name').notNull(),
    isSortingCenter: boolean('is_sorting_center').notNull().default(false),
    favourite: boolean('favourite').notNull().default(false),
    /** When the service last read this warehouse's coefficients; null before it did. */
    coefficientsAt: timestamp('coefficients_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ name: 'booking_warehouses_pkey', columns: [table.mpAccountId, table.warehouseId] })],
);

/** The last coefficients the service read: one warehouse, Moscow day and box type. */
export const bookingCoefficients = pgTable(
  'booking_coefficients',
  {
    mpAccountId: account(),
    warehouseId: integer('warehouse_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    boxTypeId: integer('box_type_id').notNull(),
    coefficient: coefficient(),
    allowUnload: boolean('allow_unload').notNull(),
  },
  (table) => [
    primaryKey({ name: 'booking_coefficients_pkey', columns: [table.mpAccountId, table.warehouseId, table.date, table.boxTypeId] }),
  ],
);

/** Whether the coefficients call answers for the account, and when the service last asked it and the warehouse list. */
export const bookingSources = pgTable('booking_sources', {
  mpAccountId: account().primaryKey(),
  /** null until the first answer or error. */
  available: boolean('available'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** When the last coefficients call was sent: the next one keeps the call's spacing from it. */
  calledAt: timestamp('called_at', { withTimezone: true }),
  /** When every warehouse's coefficients were last read (the watched ones are read every cycle). */
  fullGridAt: timestamp('full_grid_at', { withTimezone: true }),
  warehousesListedAt: timestamp('warehouses_listed_at', { withTimezone: true }),
  /** The Moscow day the box and pallet tariffs were last asked for: they change at most daily, so once a day. */
  tariffsDay: date('tariffs_day', { mode: 'string' }),
});

/** Roubles to the kopeck, or a coefficient in % with two places (reference 11.7: decimal strings). */
const decimal = (name: string) => numeric(name, { precision: 10, scale: 2 });

/**
 * The box and pallet tariffs last read for an account, per warehouse name (reference 11.7 names warehouses, not ids):
 * `…Base` the first litre, `…Liter` each further one, box storage per day, pallet storage per pallet, the warehouse's
 * coefficients in %, already in the rates. A kind's columns are null where its last answer did not list the warehouse.
 */
export const bookingTariffs = pgTable(
  'booking_tariffs',
  {
    mpAccountId: account(),
    warehouseName: text('warehouse_name').notNull(),
    currency: text('currency'),
    boxDeliveryBase: decimal('box_delivery_base'),
    boxDeliveryLiter: decimal('box_delivery_liter'),
    boxDeliveryCoefficientPercent: decimal('box_delivery_coefficient_percent'),
    boxStorageBase: decimal('box_storage_base'),
    boxStorageLiter: decimal('box_storage_liter'),
    boxStorageCoefficientPercent: decimal('box_storage_coefficient_percent'),
    palletDeliveryBase: decimal('pallet_delivery_base'),
    palletDeliveryLiter: decimal('pallet_delivery_liter'),
    palletDeliveryCoefficientPercent: decimal('pallet_delivery_coefficient_percent'),
    palletStorage: decimal('pallet_storage'),
    palletStorageCoefficientPercent: decimal('pallet_storage_coefficient_percent'),
    /** When an answer last gave this warehouse's rates. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ name: 'booking_tariffs_pkey', columns: [table.mpAccountId, table.warehouseName] })],
);

export interface BookingBarcode {
  barcode: string;
  quantity: number;
}

export const bookingTasks = pgTable(
  'booking_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: account(),
    warehouseIds: integer('warehouse_ids').array().notNull(),
    boxTypeId: integer('box_type_id').$type<BoxTypeId>().notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    maxCoefficient: integer('max_coefficient').notNull(),
    minLeadDays: integer('min_lead_days').notNull(),
    barcodes: jsonb('barcodes').$type<BookingBarcode[]>(),
    /** The replenishment plan of the task's account it was started from (the service checks it). */
    planId: uuid('plan_id'),
    /** The FBW supply (int64 digits) planned at one of the task's matches: it booked the task. */
    supplyId: text('supply_id'),
    /** When that supply booked it. */
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    status: text('status').$type<BookingTaskStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_tasks_account_status_idx').on(table.mpAccountId, table.status),
    check('booking_tasks_dates_ordered', sql`${table.dateTo} >= ${table.dateFrom} and ${table.dateTo} - ${table.dateFrom} <= 30`),
    check('booking_tasks_max_coefficient_range', sql`${table.maxCoefficient} between 0 and 20`),
    check('booking_tasks_box_type', sql`${table.boxTypeId} in (2, 5, 6)`),
  ],
);

/** A cell that came to fit a task: seen at seenAt, gone at goneAt once a poll found it no longer fitting. */
export const bookingMatches = pgTable(
  'booking_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => bookingTasks.id, { onDelete: 'cascade' }),
    mpAccountId: account(),
    date: date('date', { mode: 'string' }).notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    boxTypeId: integer('box_type_id').notNull(),
    coefficient: coefficient(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    goneAt: timestamp('gone_at', { withTimezone: true }),
    /** The match is to be notified (outside the cell's cooldown); notifiedAt once it was. */
    notify: boolean('notify').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    index('booking_matches_task_idx').on(table.taskId, table.seenAt),
    index('booking_matches_account_seen_idx').on(table.mpAccountId, table.seenAt),
    index('booking_matches_pending_idx')
      .on(table.mpAccountId)
      .where(sql`${table.notify} and ${table.notifiedAt} is null`),
  ],
);
