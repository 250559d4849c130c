import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { brands, mpAccounts } from './accounts';

/** A size of a card as the marketplace lists it. */
export interface ProductSize {
  chrtID: number;
  techSize: string;
  skus: string[];
}

/** A characteristic of a card as the marketplace lists it: its value an array of strings or a number. */
export interface ProductCharacteristic {
  id?: number;
  name?: string;
  value: unknown;
}

/**
 * One marketplace card of an account, with its price snapshot (spec: Product). For per-size prices the snapshot is
 * the minimum over sizes. A product may have no price yet. A card gone from the marketplace is marked, not deleted.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    vendorCode: text('vendor_code').notNull(),
    title: text('title').notNull(),
    brand: text('brand').notNull(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    photo: text('photo'),
    sizes: jsonb('sizes').$type<ProductSize[]>().notNull().default([]),
    /** The card's texts as the last cards sync saw them, for scoring without a marketplace call. */
    description: text('description'),
    characteristics: jsonb('characteristics').$type<ProductCharacteristic[]>().notNull().default([]),
    subjectId: integer('subject_id'),
    subjectName: text('subject_name'),
    /** The card's updatedAt at the marketplace. */
    cardUpdatedAt: timestamp('card_updated_at', { withTimezone: true }).notNull(),
    /** Whole roubles. */
    price: integer('price'),
    discount: integer('discount'),
    /** Roubles with kopecks, as the marketplace computes it. */
    discountedPrice: numeric('discounted_price', { precision: 12, scale: 2 }),
    clubDiscount: integer('club_discount'),
    priceUpdatedAt: timestamp('price_updated_at', { withTimezone: true }),
    /** A change sent by the service and not yet seen in a price sync. */
    pricePendingSince: timestamp('price_pending_since', { withTimezone: true }),
    /** When a cards sync last saw the card; one that misses it is marked removed. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_account_nm_key').on(table.mpAccountId, table.nmId),
    index('products_account_brand_idx').on(table.mpAccountId, table.brandId),
    index('products_account_title_idx').on(table.mpAccountId, table.title),
    // Substring search over title, vendor code and nmId (spec: q), served by a trigram index, not a scan.
    index('products_search_trgm_idx').using(
      'gin',
      sql`lower(${table.title} || ' ' || ${table.vendorCode} || ' ' || ${table.nmId}::text) gin_trgm_ops`,
    ),
  ],
);

/**
 * A card's cost price from a Moscow day on: the one valid on a day is the latest `valid_from` up to it.
 * Keyed by nmId, not by the product row, so that a card gone from the marketplace and back keeps its history.
 */
export const productCosts = pgTable(
  'product_costs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    /** Roubles with kopecks, read as a string and never computed in JS. */
    costPrice: numeric('cost_price', { precision: 12, scale: 2 }).notNull(),
    validFrom: date('valid_from').notNull(),
    /** Who set it last (null once the user is deleted). */
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_costs_account_nm_day_key').on(table.mpAccountId, table.nmId, table.validFrom),
    check('product_costs_price_check', sql`${table.costPrice} >= 0`),
  ],
);
