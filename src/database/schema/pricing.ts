import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';

export type PriceChangeSource = 'manual' | 'bulk' | 'repricer';

/** Every price or discount change the service sent and the marketplace accepted, newest last. */
export const priceHistory = pgTable(
  'price_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    oldPrice: integer('old_price'),
    newPrice: integer('new_price'),
    oldDiscount: integer('old_discount'),
    newDiscount: integer('new_discount'),
    source: text('source').$type<PriceChangeSource>().notNull(),
    /** The marketplace upload that carried the change. */
    taskId: bigint('task_id', { mode: 'number' }),
    userId: uuid('user_id'),
    bulkJobId: uuid('bulk_job_id'),
    repricerRunId: uuid('repricer_run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('price_history_account_created_idx').on(table.mpAccountId, table.createdAt),
    index('price_history_account_nm_created_idx').on(table.mpAccountId, table.nmId, table.createdAt),
  ],
);

export type BulkJobKind = 'price' | 'discount';
export type BulkJobStatus = 'pending' | 'active' | 'completed' | 'failed';

export interface BulkItem {
  nmID: number;
  price?: number;
  discount?: number;
}

/** Spec: Price bulk job. The input items, counters and, in its chunks, the result. */
export const priceBulkJobs = pgTable(
  'price_bulk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    kind: text('kind').$type<BulkJobKind>().notNull(),
    status: text('status').$type<BulkJobStatus>().notNull().default('pending'),
    items: jsonb('items').$type<BulkItem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('price_bulk_jobs_account_created_idx').on(table.mpAccountId, table.createdAt),
    index('price_bulk_jobs_owner_idx').on(table.ownerId),
  ],
);

/** One upload of a bulk job: the checkpoint that keeps an accepted chunk from being sent again. */
export const priceBulkChunks = pgTable(
  'price_bulk_chunks',
  {
    bulkJobId: uuid('bulk_job_id')
      .notNull()
      .references(() => priceBulkJobs.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    items: integer('items').notNull(),
    taskId: bigint('task_id', { mode: 'number' }),
    errorText: text('error_text'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the marketplace's processed list of the upload's goods was read: its refused items are recorded. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('price_bulk_chunks_job_index_key').on(table.bulkJobId, table.index)],
);

/** An item of an accepted upload that the marketplace refused to apply, with its text. */
export const priceBulkItemRejections = pgTable(
  'price_bulk_item_rejections',
  {
    bulkJobId: uuid('bulk_job_id')
      .notNull()
      .references(() => priceBulkJobs.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    errorText: text('error_text').notNull(),
  },
  (table) => [uniqueIndex('price_bulk_item_rejections_job_nm_key').on(table.bulkJobId, table.nmId)],
);
