import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';
import { inList } from './in-list';

/** What a seller is doing with a SKU of a pulse list. */
export const RNP_ITEM_STATUSES = ['liquidation', 'action', 'monitoring', 'completed', 'paused'] as const;
export type RnpItemStatus = (typeof RNP_ITEM_STATUSES)[number];

/** A seller's list of SKUs watched in the daily pulse (RNP), with a plan for each. */
export const rnpProductLists = pgTable(
  'rnp_product_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rnp_product_lists_account_idx').on(table.mpAccountId, table.createdAt)],
);

/** A SKU of a pulse list with its plan; a SKU is once in a list. */
export const rnpListItems = pgTable(
  'rnp_list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => rnpProductLists.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    status: text('status').$type<RnpItemStatus>().notNull(),
    planOrdersPerDay: integer('plan_orders_per_day'),
    /** Whole roubles. */
    planPrice: integer('plan_price'),
    targetDrrPct: numeric('target_drr_pct', { precision: 5, scale: 2 }),
    manager: text('manager').notNull().default(''),
    comment: text('comment').notNull().default(''),
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rnp_list_items_list_nm_key').on(table.listId, table.nmId),
    check('rnp_list_items_status_check', inList(table.status, RNP_ITEM_STATUSES)),
    check('rnp_list_items_dates_check', sql`${table.dateTo} IS NULL OR ${table.dateFrom} IS NULL OR ${table.dateFrom} <= ${table.dateTo}`),
  ],
);

/** What can mark a SKU's day in the pulse; daily/pulse-flags.ts decides them. */
export const RNP_FLAGS = ['oos_risk', 'drr_over_target', 'below_plan', 'bad_reviews', 'price_changed'] as const;
export type RnpFlag = (typeof RNP_FLAGS)[number];

/** Where a day's orders came from: the marketplace's sales funnel, or the imported orders while the funnel has not arrived. */
export const RNP_ORDER_SOURCES = ['funnel', 'orders'] as const;
export type RnpOrderSource = (typeof RNP_ORDER_SOURCES)[number];

/** Roubles with kopecks. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** A percentage with two decimals. */
const pct = (name: string) => numeric(name, { precision: 7, scale: 2 });

/** The sales-funnel figures of a SKU's day, as the marketplace last gave them; null until the funnel arrives. */
const funnelColumns = () => ({
  opens: integer('opens'),
  cartAdds: integer('cart_adds'),
  ordersQty: integer('orders_qty'),
  ordersSum: money('orders_sum'),
  buyoutsQty: integer('buyouts_qty'),
  buyoutsSum: money('buyouts_sum'),
  cancelsQty: integer('cancels_qty'),
  cancelsSum: money('cancels_sum'),
  addToCartPct: pct('add_to_cart_pct'),
  cartToOrderPct: pct('cart_to_order_pct'),
  buyoutPct: pct('buyout_pct'),
});

/**
 * The daily pulse of a SKU on a Moscow day: the funnel (or, until it arrives, the imported orders), the day's ads,
 * price, stock, feedback and flags. The marketplace rewrites the funnel of the last week daily: a rewrite that changes
 * it raises the version and keeps the figures it replaced in rnp_daily_row_versions.
 */
export const rnpDailyRows = pgTable(
  'rnp_daily_rows',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...funnelColumns(),
    /** Where ordersQty and ordersSum came from; null: neither has anything of the day. */
    ordersSource: text('orders_source').$type<RnpOrderSource>(),
    /** Summed over the SKU's campaigns; null while the ad statistics do not cover the day. */
    adSpend: money('ad_spend'),
    adViews: integer('ad_views'),
    adClicks: integer('ad_clicks'),
    /** The buyer's price at the day's end (after the seller's discount); null without a price. */
    price: numeric('price', { precision: 12, scale: 2 }),
    /** Units in the day's stock snapshot; null when the day has none. */
    stock: integer('stock'),
    daysOfCover: numeric('days_of_cover', { precision: 8, scale: 1 }),
    /** The average stars of the day's feedbacks, and how many of them had 1 or 2 stars. */
    rating: numeric('rating', { precision: 3, scale: 2 }),
    feedbacks: integer('feedbacks').notNull().default(0),
    badReviews: integer('bad_reviews').notNull().default(0),
    flags: text('flags')
      .array()
      .$type<RnpFlag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 0 until the funnel arrives; each funnel write that changes its figures adds one. */
    version: integer('version').notNull().default(0),
    funnelUpdatedAt: timestamp('funnel_updated_at', { withTimezone: true }),
    /** When the local sources (ads, price, stock, feedback, orders) were last read into the row. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'rnp_daily_rows_pkey', columns: [table.mpAccountId, table.nmId, table.day] }),
    index('rnp_daily_rows_account_day_idx').on(table.mpAccountId, table.day),
    check('rnp_daily_rows_orders_source_check', sql`${table.ordersSource} IS NULL OR ${inList(table.ordersSource, RNP_ORDER_SOURCES)}`),
  ],
);

/** An earlier version of a daily row's funnel, kept when a rewrite changed it. */
export const rnpDailyRowVersions = pgTable(
  'rnp_daily_row_versions',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    version: integer('version').notNull(),
    ...funnelColumns(),
    /** When these figures were written, and when a rewrite replaced them. */
    funnelUpdatedAt: timestamp('funnel_updated_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'rnp_daily_row_versions_pkey', columns: [table.mpAccountId, table.nmId, table.day, table.version] })],
);
