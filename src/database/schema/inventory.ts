import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';

const account = () =>
  uuid('mp_account_id')
    .notNull()
    .references(() => mpAccounts.id, { onDelete: 'cascade' });

/** Where a stock row lies: a marketplace (FBW) warehouse or one of the seller's own (FBS). */
export const STOCK_WAREHOUSE_KINDS = ['mp', 'seller'] as const;
export type StockWarehouseKind = (typeof STOCK_WAREHOUSE_KINDS)[number];

/** The sources of a stock sync (marketplace reference 10.1-10.4) and how each ended. */
export const STOCK_SOURCE_STATES = ['ok', 'failed'] as const;
export type StockSourceState = (typeof STOCK_SOURCE_STATES)[number];
export interface StockSources {
  remains: StockSourceState;
  stockReport: StockSourceState;
  sellerWarehouses: StockSourceState;
}

/** The state of a SKU's stock against its sales (planning/cover-status.ts). */
export const COVER_STATUSES = ['oos', 'urgent', 'soon', 'enough', 'no_sales'] as const;
export type CoverStatus = (typeof COVER_STATUSES)[number];

/** Service-given ids of marketplace warehouses start here, far above the marketplace's own warehouse ids. */
export const MP_WAREHOUSE_ID_START = 1_000_000_000;

/**
 * Marketplace warehouses by name, with the id the service gives each name once and keeps: the remains report names
 * warehouses, never ids, the stocks report gives only -999999, and the FBW warehouse list is disabled in the 2026-08
 * files. Names are the marketplace's, shared by every account.
 */
export const inventoryWarehouses = pgTable('inventory_warehouses', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: MP_WAREHOUSE_ID_START }),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The current stock of a size in a warehouse, only where it is above zero. A sync writes the rows it saw with its start
 * (syncedAt) and then removes those of the same source it did not see; a source that failed keeps its rows.
 */
export const inventoryStocks = pgTable(
  'inventory_stocks',
  {
    mpAccountId: account(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    techSize: text('tech_size').notNull(),
    barcode: text('barcode'),
    warehouseKind: text('warehouse_kind').$type<StockWarehouseKind>().notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    warehouseName: text('warehouse_name').notNull(),
    quantity: integer('quantity').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mpAccountId, table.nmId, table.techSize, table.warehouseKind, table.warehouseId] }),
    index('inventory_stocks_account_warehouse_idx').on(table.mpAccountId, table.warehouseId),
  ],
);

/** Units of a size on their way to buyers and back from them (stocks report, reference 10.1). */
export const inventoryInWay = pgTable(
  'inventory_in_way',
  {
    mpAccountId: account(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    techSize: text('tech_size').notNull(),
    inWayToClient: integer('in_way_to_client').notNull(),
    inWayFromClient: integer('in_way_from_client').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.mpAccountId, table.nmId, table.techSize] })],
);

/** One snapshot of an account's stock per Moscow day (the day's last sync), kept 90 days; its rows below. */
export const inventorySnapshots = pgTable(
  'inventory_snapshots',
  {
    mpAccountId: account(),
    day: date('day', { mode: 'string' }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** Which sources the rows came from this time; a failed one's rows are those of its last good sync. */
    sources: jsonb('sources').$type<StockSources>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.mpAccountId, table.day] })],
);

/**
 * A snapshot's stock of a size in a warehouse, above zero only: a size of the catalog without a row on a day that has
 * a snapshot was out of stock that day (what velocity skips).
 */
export const inventorySnapshotRows = pgTable(
  'inventory_snapshot_rows',
  {
    mpAccountId: account(),
    day: date('day', { mode: 'string' }).notNull(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    techSize: text('tech_size').notNull(),
    warehouseKind: text('warehouse_kind').$type<StockWarehouseKind>().notNull(),
    warehouseId: bigint('warehouse_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mpAccountId, table.day, table.nmId, table.techSize, table.warehouseKind, table.warehouseId] }),
    // Velocity reads 2 000 SKUs over 28 days at a time: by the key (day first) each read walks every row of those days;
    // with the quantity in the index the read never visits the table.
    index('inventory_snapshot_rows_account_nm_day_idx').on(table.mpAccountId, table.nmId, table.day, table.quantity),
  ],
);

/**
 * A SKU's velocity, days of cover and status, written at the end of each sync (and again when the account's thresholds
 * change) so that the stock list filters and sorts by them in SQL without reading 28 days of orders per request.
 */
export const inventoryCover = pgTable(
  'inventory_cover',
  {
    mpAccountId: account(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    /** Units in stock when it was computed, marketplace and seller warehouses. */
    quantity: integer('quantity').notNull(),
    /** Orders per in-stock day (planning/stock-velocity.ts); null when out of stock on every day read. */
    velocityPerDay: doublePrecision('velocity_per_day'),
    /** quantity ÷ velocity; null without sales. */
    daysOfCover: doublePrecision('days_of_cover'),
    status: text('status').$type<CoverStatus>().notNull(),
    /** When the SKU entered its status, and the status before it (null until it first changes): what alerts read. */
    statusSince: timestamp('status_since', { withTimezone: true }).notNull(),
    previousStatus: text('previous_status').$type<CoverStatus>(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mpAccountId, table.nmId] }),
    index('inventory_cover_account_cover_idx').on(table.mpAccountId, table.daysOfCover, table.nmId),
    index('inventory_cover_account_status_idx').on(table.mpAccountId, table.status),
  ],
);

/**
 * A SKU that entered urgent or out of stock on a Moscow day, told to the account's owner (`inventory.urgent`): the key
 * keeps it to once per SKU per day, whatever the number of syncs.
 */
export const inventoryAlerts = pgTable(
  'inventory_alerts',
  {
    mpAccountId: account(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').$type<CoverStatus>().notNull(),
    daysOfCover: doublePrecision('days_of_cover'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.mpAccountId, table.nmId, table.day] })],
);

/** The bounds of an account's inventory settings, enforced by the DTO and by the table's CHECKs. */
export const INVENTORY_SETTINGS_BOUNDS = {
  urgentDays: { min: 1, max: 60 },
  soonDays: { min: 2, max: 120 },
  targetDays: { min: 1, max: 365 },
  leadTimeDays: { min: 0, max: 120 },
  safetyFactor: { min: 1, max: 3 },
} as const;

const B = INVENTORY_SETTINGS_BOUNDS;

/** An account's thresholds of days of cover and the defaults of its plans; an account without a row has the defaults. */
export const inventorySettings = pgTable(
  'inventory_settings',
  {
    mpAccountId: account().primaryKey(),
    urgentDays: integer('urgent_days').notNull(),
    soonDays: integer('soon_days').notNull(),
    targetDays: integer('target_days').notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    /** A margin on the units a plan asks for, two decimals. */
    safetyFactor: numeric('safety_factor', { precision: 3, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'inventory_settings_urgent_days',
      sql`${table.urgentDays} BETWEEN ${sql.raw(String(B.urgentDays.min))} AND ${sql.raw(String(B.urgentDays.max))}`,
    ),
    check(
      'inventory_settings_soon_days',
      sql`${table.soonDays} BETWEEN ${sql.raw(String(B.soonDays.min))} AND ${sql.raw(String(B.soonDays.max))}`,
    ),
    check('inventory_settings_urgent_before_soon', sql`${table.urgentDays} < ${table.soonDays}`),
    check(
      'inventory_settings_target_days',
      sql`${table.targetDays} BETWEEN ${sql.raw(String(B.targetDays.min))} AND ${sql.raw(String(B.targetDays.max))}`,
    ),
    check(
      'inventory_settings_lead_time_days',
      sql`${table.leadTimeDays} BETWEEN ${sql.raw(String(B.leadTimeDays.min))} AND ${sql.raw(String(B.leadTimeDays.max))}`,
    ),
    check(
      'inventory_settings_safety_factor',
      sql`${table.safetyFactor} BETWEEN ${sql.raw(String(B.safetyFactor.min))} AND ${sql.raw(String(B.safetyFactor.max))}`,
    ),
  ],
);

/** What a replenishment plan was made with: the account's settings unless the request gave others. */
export interface InventoryPlanParams {
  targetDays: number;
  leadTimeDays: number;
  safetyFactor: number;
  /** The warehouses whose stock the plan counts; null: all of them. */
  warehouseIds: number[] | null;
}

/** One size to send: its figures and the units. */
export interface InventoryPlanLine {
  nmId: number;
  size: string;
  /** The size's first barcode, what a booking task started from the line sends; absent in plans made before it was kept. */
  barcode?: string | null;
  warehouseId: number | null;
  velocityPerDay: number;
  stock: number;
  inSupply: number;
  quantity: number;
  reason: string;
}

/** A replenishment plan, a document made once and never changed: its lines in one jsonb (read whole, never by line). */
export const inventoryPlans = pgTable(
  'inventory_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: account(),
    params: jsonb('params').$type<InventoryPlanParams>().notNull(),
    lines: jsonb('lines').$type<InventoryPlanLine[]>().notNull(),
    lineCount: integer('line_count').notNull(),
    units: integer('units').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('inventory_plans_account_created_idx').on(table.mpAccountId, table.createdAt)],
);
