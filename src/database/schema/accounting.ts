import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';
import { inList } from './in-list';

/** What an operation of the ledger is; every marketplace operation name maps to one (unknown ones to other). */
export const LEDGER_TYPES = [
  'sale',
  'return',
  'commission',
  'logistics',
  'storage',
  'acceptance',
  'penalty',
  'deduction',
  'compensation',
  'acquiring',
  'loyalty',
  'advertising',
  'payout',
  'cogs',
  'packaging',
  'fulfilment',
  'tax',
  'other',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** Where a ledger row comes from: the realisation reports, the ad spend history, or a user. */
export const LEDGER_SOURCES = ['mp_report', 'mp_ads', 'manual'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/**
 * The ledger: money in (positive) and out (negative) of an account by Moscow day, to the kopeck. Imported
 * rows are the marketplace's and are never edited; manual ones are the seller's, deleted softly.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    /** Roubles with kopecks, signed; read as a string and summed in SQL. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    type: text('type').$type<LedgerType>().notNull(),
    source: text('source').$type<LedgerSource>().notNull(),
    /** The realisation report's id (beyond 2^53, so text). */
    reportId: text('report_id'),
    /** The realisation report row the amount comes from (text: beyond 2^53). */
    rrdId: text('rrd_id'),
    nmId: bigint('nm_id', { mode: 'number' }),
    /** Units the operation moves: sold (positive) or returned (negative) on sale and return rows, 0 on others. */
    quantity: integer('quantity').notNull().default(0),
    /** The campaign an advertising row charges. */
    advertId: bigint('advert_id', { mode: 'number' }),
    srid: text('srid'),
    comment: text('comment').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('ledger_transactions_account_date_idx').on(table.mpAccountId, table.date),
    index('ledger_transactions_account_report_idx').on(table.mpAccountId, table.reportId),
    // A card's rows of a period: the P&L's trace and a card's ledger.
    index('ledger_transactions_account_nm_date_idx').on(table.mpAccountId, table.nmId, table.date),
    check('ledger_transactions_type_check', inList(table.type, LEDGER_TYPES)),
    check('ledger_transactions_source_check', inList(table.source, LEDGER_SOURCES)),
  ],
);

export const REPORT_KINDS = ['weekly', 'daily'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * A realisation report's state: listed (its totals known), detailed (its rows fetched), then reconciled when the sums
 * of its rows equal its totals to the kopeck, or mismatch.
 */
export const REPORT_STATES = ['listed', 'detailed', 'reconciled', 'mismatch'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Roubles with kopecks, as the marketplace reports them. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** One difference between a report's total and the sum of its rows. */
export interface ReportDifference {
  field: string;
  reportTotal: string;
  rowsTotal: string;
}

/**
 * The realisation reports of an account as the reports list gives them (reference 12.1), with what the service made
 * of their rows: the reconciliation and the operation names it could not map.
 */
export const accountingReports = pgTable(
  'accounting_reports',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    /** Beyond 2^53 for daily reports: bigint in the database, text in JS. */
    reportId: bigint('report_id', { mode: 'bigint' }).notNull(),
    kind: text('kind').$type<ReportKind>().notNull(),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to').notNull(),
    createDate: date('create_date').notNull(),
    retail: money('retail').notNull(),
    forPay: money('for_pay').notNull(),
    logistics: money('logistics').notNull(),
    storage: money('storage').notNull(),
    acceptance: money('acceptance').notNull(),
    deduction: money('deduction').notNull(),
    penalty: money('penalty').notNull(),
    additionalPayment: money('additional_payment').notNull(),
    bankPayment: money('bank_payment').notNull(),
    /** The list item as the marketplace gave it: a change in it means the report changed and its rows are fetched again. */
    listItem: jsonb('list_item').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<ReportState>().notNull().default('listed'),
    rowsCount: integer('rows_count').notNull().default(0),
    differences: jsonb('differences').$type<ReportDifference[]>().notNull().default([]),
    unmappedOperations: text('unmapped_operations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    detailedAt: timestamp('detailed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'accounting_reports_pkey', columns: [table.mpAccountId, table.reportId] }),
    index('accounting_reports_account_period_idx').on(table.mpAccountId, table.dateFrom),
    check('accounting_reports_kind_check', inList(table.kind, REPORT_KINDS)),
    check('accounting_reports_state_check', inList(table.state, REPORT_STATES)),
  ],
);

/** The account's balance with the marketplace as last read (reference 12.2). */
export const accountingBalances = pgTable('accounting_balances', {
  mpAccountId: uuid('mp_account_id')
    .primaryKey()
    .references(() => mpAccounts.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull(),
  current: money('current').notNull(),
  forWithdraw: money('for_withdraw').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});

export const TAX_REGIMES = ['usn_income', 'usn_income_expense', 'osno', 'none'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

/** An account's tax settings for the P&L; an account without a row has none. */
export const accountingSettings = pgTable(
  'accounting_settings',
  {
    mpAccountId: uuid('mp_account_id')
      .primaryKey()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    taxRegime: text('tax_regime').$type<TaxRegime>().notNull(),
    taxRatePct: numeric('tax_rate_pct', { precision: 5, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('accounting_settings_regime_check', inList(table.taxRegime, TAX_REGIMES)),
    check('accounting_settings_rate_check', sql`${table.taxRatePct} >= 0 AND ${table.taxRatePct} <= 100`),
  ],
);

/** A figure of the P&L summed over a SKU's week, in kopecks: a P&L adds up thousands of them, and integers add up fast. */
const figure = (name: string) => bigint(name, { mode: 'bigint' }).notNull();

/**
 * The P&L's figures of each SKU's ISO week (nm_id 0: the account's rows without a SKU), summed from the live ledger
 * rows but payouts with the cost price valid on each row's day: a P&L by SKU reads its whole weeks here and only the
 * days at its edges from the ledger. Triggers on the ledger and the cost prices list the weeks they change in
 * `pnl_stale_weeks`; the P&L recomputes those before it reads.
 */
export const pnlSkuWeeks = pgTable(
  'pnl_sku_weeks',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    /** The Monday of the ISO week. */
    week: date('week').notNull(),
    revenue: figure('revenue'),
    returns: figure('returns'),
    cogs: figure('cogs'),
    commission: figure('commission'),
    logistics: figure('logistics'),
    storage: figure('storage'),
    acceptance: figure('acceptance'),
    penalties: figure('penalties'),
    acquiring: figure('acquiring'),
    otherMp: figure('other_mp'),
    advertising: figure('advertising'),
    manualTax: figure('manual_tax'),
    units: integer('units').notNull(),
    unitsCosted: integer('units_costed').notNull(),
  },
  (table) => [primaryKey({ name: 'pnl_sku_weeks_pkey', columns: [table.mpAccountId, table.week, table.nmId] })],
);

/**
 * The SKU weeks whose ledger rows or cost prices changed since `pnl_sku_weeks` summed them: a log without a key, so that
 * writers append to it without waiting on each other or on a recompute, which takes and removes the account's rows.
 */
export const pnlStaleWeeks = pgTable(
  'pnl_stale_weeks',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    week: date('week').notNull(),
  },
  (table) => [index('pnl_stale_weeks_account_idx').on(table.mpAccountId)],
);
