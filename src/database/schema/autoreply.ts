import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';

export const INBOX_KINDS = ['feedback', 'question'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * A feedback or question of an account, synced from the marketplace (reference 5.1-5.2); `id` is the feedbackId of the
 * reply routes. A re-sync updates the row of the same marketplace id, never adds a second one.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InboxKind>().notNull(),
    mpId: text('mp_id').notNull(),
    /** Stars 1-5; feedbacks only. */
    rating: integer('rating'),
    text: text('text').notNull(),
    pros: text('pros').notNull().default(''),
    cons: text('cons').notNull().default(''),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    productName: text('product_name').notNull().default(''),
    brand: text('brand').notNull().default(''),
    supplierArticle: text('supplier_article').notNull().default(''),
    /** When the buyer wrote it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The answer the marketplace shows, once there is one. */
    answerText: text('answer_text'),
    /** When the marketplace says the answer was written (questions only: a feedback's answer carries no time). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inbox_items_account_kind_mp_key').on(table.mpAccountId, table.kind, table.mpId),
    index('inbox_items_account_created_idx').on(table.mpAccountId, table.createdAt),
    index('inbox_items_account_rating_idx').on(table.mpAccountId, table.rating),
    index('inbox_items_account_nm_idx').on(table.mpAccountId, table.nmId),
    // Substring search (q) over the buyer's texts and the product, served by a trigram index, not a scan.
    index('inbox_items_search_trgm_idx').using(
      'gin',
      sql`lower(${table.text} || ' ' || ${table.pros} || ' ' || ${table.cons} || ' ' || ${table.productName}) gin_trgm_ops`,
    ),
  ],
);
