import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';

/** Money as the marketplace gives it: roubles with kopecks, never through a float. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** A marketplace time (Moscow time without a zone on the wire), stored as the instant it names. */
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** The fields orders and sales share (reference 3.1, 3.2). */
const feedColumns = () => ({
  mpAccountId: uuid('mp_account_id')
    .notNull()
    .references(() => mpAccounts.id, { onDelete: 'cascade' }),
  date: instant('date').notNull(),
  lastChangeDate: instant('last_change_date').notNull(),
  warehouseName: text('warehouse_name').notNull(),
  warehouseType: text('warehouse_type').notNull(),
  countryName: text('country_name').notNull(),
  oblastOkrugName: text('oblast_okrug_name').notNull(),
  regionName: text('region_name').notNull(),
  supplierArticle: text('supplier_article').notNull(),
  nmId: bigint('nm_id', { mode: 'number' }).notNull(),
  barcode: text('barcode').notNull(),
  category: text('category').notNull(),
  subject: text('subject').notNull(),
  brand: text('brand').notNull(),
  techSize: text('tech_size').notNull(),
  incomeId: bigint('income_id', { mode: 'number' }).notNull(),
  isSupply: boolean('is_supply').notNull(),
  isRealization: boolean('is_realization').notNull(),
  totalPrice: money('total_price').notNull(),
  discountPercent: integer('discount_percent').notNull(),
  spp: numeric('spp', { precision: 8, scale: 2 }).notNull(),
  finishedPrice: money('finished_price').notNull(),
  priceWithDisc: money('price_with_disc').notNull(),
  sticker: text('sticker').notNull(),
  gNumber: text('g_number').notNull(),
  srid: text('srid').notNull(),
  /**
   * A 53-bit hash of the item's text as the marketplace last sent it (client/json-array-batches.ts): an import sends on
   * only items whose text hash differs. Null when unknown; anything else that writes the row must set it null.
   */
  contentHash: bigint('content_hash', { mode: 'number' }),
  /** When a row was first written and when an import last changed it. */
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reference 3.1: one order (one unit), keyed by the account and srid. */
export const mpOrders = pgTable(
  'mp_orders',
  {
    ...feedColumns(),
    isCancel: boolean('is_cancel').notNull(),
    /** Null when not cancelled (the marketplace writes "0001-01-01T00:00:00"). */
    cancelDate: instant('cancel_date'),
  },
  (table) => [
    primaryKey({ name: 'mp_orders_pkey', columns: [table.mpAccountId, table.srid] }),
    index('mp_orders_account_date_idx').on(table.mpAccountId, table.date),
  ],
);

export const SALE_KINDS = ['sale', 'return'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** Reference 3.2: one sale or return from the one feed, keyed by the account and saleID; its prefix gives the kind. */
export const mpSales = pgTable(
  'mp_sales',
  {
    ...feedColumns(),
    saleId: text('sale_id').notNull(),
    /** S: sale, R: return. */
    kind: text('kind').$type<SaleKind>().notNull(),
    paymentSaleAmount: integer('payment_sale_amount').notNull(),
    forPay: money('for_pay').notNull(),
  },
  (table) => [
    primaryKey({ name: 'mp_sales_pkey', columns: [table.mpAccountId, table.saleId] }),
    index('mp_sales_account_date_idx').on(table.mpAccountId, table.kind, table.date),
  ],
);

/**
 * Reference 4.1: one row of the detailed realisation report, keyed by the account and rrdId. Ids can exceed 2^53: they
 * stay bigint in the database and strings in JS. The named columns are what the routes read; `row` keeps the whole
 * row as the marketplace gave it (ids as strings).
 */
export const realisationReportRows = pgTable(
  'realisation_report_rows',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    rrdId: bigint('rrd_id', { mode: 'bigint' }).notNull(),
    reportId: bigint('report_id', { mode: 'bigint' }).notNull(),
    /** The report's week (or day): its first and last date. */
    dateFrom: text('date_from').notNull(),
    dateTo: text('date_to').notNull(),
    createDate: text('create_date').notNull(),
    reportType: integer('report_type').notNull(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    docTypeName: text('doc_type_name').notNull(),
    sellerOperName: text('seller_oper_name').notNull(),
    quantity: integer('quantity').notNull(),
    orderDt: instant('order_dt'),
    saleDt: instant('sale_dt'),
    rrDate: text('rr_date').notNull(),
    retailAmount: money('retail_amount').notNull(),
    ppvzSalesCommission: money('ppvz_sales_commission').notNull(),
    /** ppvz_for_pay: what the seller is paid for the row. */
    forPay: money('for_pay').notNull(),
    deliveryService: money('delivery_service').notNull(),
    paidStorage: money('paid_storage').notNull(),
    penalty: money('penalty').notNull(),
    deduction: money('deduction').notNull(),
    srid: text('srid').notNull(),
    row: jsonb('row').$type<Record<string, unknown>>().notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'realisation_report_rows_pkey', columns: [table.mpAccountId, table.rrdId] }),
    index('realisation_report_rows_account_report_idx').on(table.mpAccountId, table.dateFrom),
    index('realisation_report_rows_account_sale_idx').on(table.mpAccountId, table.saleDt),
  ],
);

export const IMPORT_FEEDS = ['orders', 'sales', 'report'] as const;
export type ImportFeed = (typeof IMPORT_FEEDS)[number];

/**
 * Where an import job stands in a feed: written in the transaction of the page it follows, so a job that is killed or
 * retried goes on after the last committed page, never fetching or counting it again.
 */
export const importCheckpoints = pgTable(
  'import_checkpoints',
  {
    jobId: text('job_id').notNull(),
    feed: text('feed').$type<ImportFeed>().notNull(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    /** The next page's start: a lastChangeDate (orders, sales) or an rrdId (report), as the marketplace wrote it. */
    cursor: text('cursor').notNull(),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    done: boolean('done').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'import_checkpoints_pkey', columns: [table.jobId, table.feed] })],
);

/** What kind of import a run is: a user's import of the feeds or of the report, the nightly run, the increment tier. */
export const IMPORT_RUN_KINDS = ['feeds', 'report', 'nightly', 'increment'] as const;
export type ImportRunKind = (typeof IMPORT_RUN_KINDS)[number];
export const IMPORT_RUN_STATES = ['running', 'completed', 'failed'] as const;
export type ImportRunState = (typeof IMPORT_RUN_STATES)[number];

/**
 * The account's import runs, newest first: a run is written when its work starts (a retry starts it again) and when it
 * ends, so that the account's imports are listed without scanning the queue. Kept IMPORT_RUNS_KEPT_DAYS.
 */
/** The report period of an import run: shortened when less than the closed weeks not yet imported. */
export interface ImportRunPeriod {
  dateFrom: string;
  dateTo: string;
  shortened: boolean;
}

export const importRuns = pgTable(
  'import_runs',
  {
    jobId: text('job_id').primaryKey(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ImportRunKind>().notNull(),
    trigger: text('trigger').$type<'user' | 'scheduled'>().notNull(),
    userId: uuid('user_id'),
    state: text('state').$type<ImportRunState>().notNull(),
    /** What the run did or why it failed, as its status and notification say it. */
    message: text('message'),
    /** A nightly run that kept its orders and sales while its report failed for good. */
    reportFailed: boolean('report_failed').notNull().default(false),
    /** The realisation report's period (Moscow days) the run imported or tried to; null for orders and sales alone. */
    period: jsonb('period').$type<ImportRunPeriod>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('import_runs_account_started_idx').on(table.mpAccountId, table.startedAt)],
);

/** The parts of the imports a rejected key is told of separately: the statistics feeds (orders, sales) and the report. */
export const IMPORT_PARTS = ['feeds', 'report'] as const;
export type ImportPart = (typeof IMPORT_PARTS)[number];

/**
 * A rejected key the account's owner was told of, per part: a scheduled run that meets the same rejection tells nobody
 * again, until the key changes (its seal, whose nonce is kept here, is another) or the part imports again.
 */
export const importKeyRejections = pgTable(
  'import_key_rejections',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    part: text('part').$type<ImportPart>().notNull(),
    /** The nonce of the rejected key's seal (hex): a key set anew is sealed with another. */
    keySeal: text('key_seal').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'import_key_rejections_pkey', columns: [table.mpAccountId, table.part] }),
    check('import_key_rejections_part_check', sql`${table.part} IN ('feeds', 'report')`),
  ],
);
