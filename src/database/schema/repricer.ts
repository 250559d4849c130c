import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { FormMetricId } from '../../shared/repricer/repricer-form';
import type { RepricerAction, RepricerMetric, RepricerOperator, RepricerScope } from '../../shared/repricer/repricer-vocabulary';
import { mpAccounts } from './accounts';

export * from '../../shared/repricer/repricer-vocabulary';

/** Spec: Repricer rule. Soft-deleted rules stay for the runs and the price history that name them. */
export const repricerRules = pgTable(
  'repricer_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    conditionMetric: text('condition_metric').$type<RepricerMetric>().notNull(),
    /** The web form's label of the metric the seller chose (engine rule 9: two labels share price_gap_pct); null from the API. */
    conditionLabel: text('condition_label').$type<FormMetricId>(),
    conditionOperator: text('condition_operator').$type<RepricerOperator>().notNull(),
    /** The threshold; null only for `always`. */
    conditionValue: numeric('condition_value', { precision: 14, scale: 4 }),
    actionType: text('action_type').$type<RepricerAction>().notNull(),
    /** Roubles (absolute, a whole number) or percent (-99..500). */
    actionValue: numeric('action_value', { precision: 10, scale: 4 }).notNull(),
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    scope: text('scope').$type<RepricerScope>().notNull(),
    scopeValue: text('scope_value').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Creation order decides which of several matching rules wins: the earliest. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('repricer_rules_account_created_idx').on(table.mpAccountId, table.createdAt)],
);

export type RepricerTrigger = 'manual' | 'api' | 'schedule';
export type RepricerOutcome = 'success' | 'no_changes' | 'error';

/** Spec: Repricer run log entry. */
export const repricerRuns = pgTable(
  'repricer_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<RepricerTrigger>().notNull(),
    /** Null while the run is going. */
    outcome: text('outcome').$type<RepricerOutcome>(),
    changed: integer('changed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errorText: text('error_text'),
    /** Upload task ids accepted, in order; on a rejection, the chunks accepted before it. */
    taskIds: jsonb('task_ids').$type<number[]>().notNull().default([]),
    /** Average relative change of the changed prices, percent. */
    avgChangePct: numeric('avg_change_pct', { precision: 8, scale: 2 }),
    userId: uuid('user_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('repricer_runs_account_started_idx').on(table.mpAccountId, table.startedAt)],
);
