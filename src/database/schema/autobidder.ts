import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { BidReason } from '../../shared/autobidder/bid-reason';
import { mpAccounts } from './accounts';

const account = () =>
  uuid('mp_account_id')
    .notNull()
    .references(() => mpAccounts.id, { onDelete: 'cascade' });

/** Placements of a bid (reference 6.4): combined for a unified-bid campaign, search or recommendations for a manual one. */
export const BID_PLACEMENTS = ['combined', 'search', 'recommendations'] as const;
export type BidPlacementName = (typeof BID_PLACEMENTS)[number];

/** Spec: Bid strategy and campaign. A campaign as the last sync saw it, with the service's own Auto switch and strategy link. */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    mpAccountId: account(),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** Reference 6: -1 deleted, 4 ready, 7 finished, 8 cancelled, 9 active, 11 paused. */
    status: integer('status').notNull(),
    /** Reference 6.1: 8 or 9. */
    type: integer('type').notNull(),
    bidType: text('bid_type').$type<'unified' | 'manual'>().notNull(),
    paymentType: text('payment_type').$type<'cpm' | 'cpc'>().notNull(),
    /** Off for a campaign imported for the first time; the bid engine changes only campaigns with Auto on. */
    auto: boolean('auto').notNull().default(false),
    strategyId: uuid('strategy_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'ad_campaigns_pkey', columns: [table.mpAccountId, table.advertId] })],
);

/** A product of a campaign and its current bids by placement in kopecks, from the last sync. */
export const adCampaignProducts = pgTable(
  'ad_campaign_products',
  {
    mpAccountId: account(),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    bids: jsonb('bids').$type<Partial<Record<BidPlacementName, number>>>().notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the stored bids were true: the sync's call for them or the service's own accepted write, whichever is newer. */
    bidsAt: timestamp('bids_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'ad_campaign_products_pkey', columns: [table.mpAccountId, table.advertId, table.nmId] })],
);

export const BID_CHANGE_SOURCES = ['engine', 'budget'] as const;
export type BidChangeSource = (typeof BID_CHANGE_SOURCES)[number];

/**
 * The service's last accepted change of a product's bid in a placement, with the product's clicks and spend of that
 * day as the change found them: the bid engine measures the click price at the new bid from what came after.
 */
export const adBidBaselines = pgTable(
  'ad_bid_baselines',
  {
    mpAccountId: account(),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    placement: text('placement').$type<BidPlacementName>().notNull(),
    bidKopecks: integer('bid_kopecks').notNull(),
    /** The Moscow day of the change, and that day's clicks and spend (kopecks) of the product when it was made. */
    day: date('day').notNull(),
    clicks: integer('clicks').notNull(),
    spendKopecks: bigint('spend_kopecks', { mode: 'number' }).notNull(),
    source: text('source').$type<BidChangeSource>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'ad_bid_baselines_pkey', columns: [table.mpAccountId, table.advertId, table.nmId, table.placement] })],
);

/** Daily statistics of a campaign's product (reference 6.3, summed over apps); money in kopecks, exactly. */
export const adProductStats = pgTable(
  'ad_product_stats',
  {
    mpAccountId: account(),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    /** The marketplace's (Moscow) calendar day. */
    day: date('day').notNull(),
    views: integer('views').notNull(),
    clicks: integer('clicks').notNull(),
    spendKopecks: bigint('spend_kopecks', { mode: 'number' }).notNull(),
    orders: integer('orders').notNull(),
    /** The value of the orders the ads brought (sum_price), kopecks. */
    orderedKopecks: bigint('ordered_kopecks', { mode: 'number' }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'ad_product_stats_pkey', columns: [table.mpAccountId, table.advertId, table.nmId, table.day] }),
    index('ad_product_stats_account_day_idx').on(table.mpAccountId, table.day),
  ],
);

/** The Moscow days, one unbroken range, whose statistics of the campaign the sync fetched and keeps. */
export const adStatsCoverage = pgTable(
  'ad_stats_coverage',
  {
    mpAccountId: account(),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    fromDay: date('from_day').notNull(),
    toDay: date('to_day').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'ad_stats_coverage_pkey', columns: [table.mpAccountId, table.advertId] })],
);

export const LIMIT_ACTIONS = ['pause', 'reduce_bids'] as const;
export type LimitActionName = (typeof LIMIT_ACTIONS)[number];

/** Spec: Ad budget limit. One live limit per campaign; deletion is soft. */
export const adBudgetLimits = pgTable(
  'ad_budget_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: account(),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    dailyLimitRub: integer('daily_limit_rub'),
    periodLimitRub: integer('period_limit_rub'),
    periodStartDate: date('period_start_date'),
    onLimitAction: text('on_limit_action').$type<LimitActionName>().notNull(),
    /** The last budget check of the limit and whether it found the limit reached: the bid engine raises no bid meanwhile. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    reachedAtCheck: boolean('reached_at_check').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ad_budget_limits_live_campaign_key')
      .on(table.mpAccountId, table.advertId)
      .where(sql`${table.deletedAt} IS NULL`),
  ],
);

/** A limit found reached by a budget check, and whether its action ran: the budgetTriggers indicator counts these. */
export const adBudgetTriggers = pgTable(
  'ad_budget_triggers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: account(),
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => adBudgetLimits.id),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    limitType: text('limit_type').$type<'daily' | 'period'>().notNull(),
    limitRub: integer('limit_rub').notNull(),
    spendKopecks: bigint('spend_kopecks', { mode: 'number' }).notNull(),
    action: text('action').$type<LimitActionName>().notNull(),
    applied: boolean('applied').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ad_budget_triggers_account_created_idx').on(table.mpAccountId, table.createdAt)],
);

export const BID_GOALS = ['cpc', 'drr', 'position'] as const;
export type BidGoalName = (typeof BID_GOALS)[number];

/** The database's own bounds of a strategy's bids: 1 ≤ minBid ≤ maxBid. */
export const BID_STRATEGY_MIN_BID_CHECK = 'bid_strategies_min_bid_positive';
export const BID_STRATEGY_BOUNDS_CHECK = 'bid_strategies_min_bid_not_above_max';

/** Spec: Bid strategy. Bids in kopecks; deletion is soft. */
export const bidStrategies = pgTable(
  'bid_strategies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: account(),
    name: text('name').notNull(),
    goal: text('goal').$type<BidGoalName>().notNull(),
    targetCpc: integer('target_cpc'),
    targetDrrPct: numeric('target_drr_pct', { precision: 6, scale: 2 }),
    targetPosition: integer('target_position'),
    minBid: integer('min_bid').notNull(),
    maxBid: integer('max_bid').notNull(),
    /** The campaigns it lists; empty: every campaign linked to no strategy. */
    campaigns: jsonb('campaigns').$type<number[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('bid_strategies_account_created_idx').on(table.mpAccountId, table.createdAt),
    check(BID_STRATEGY_MIN_BID_CHECK, sql`${table.minBid} >= 1`),
    check(BID_STRATEGY_BOUNDS_CHECK, sql`${table.minBid} <= ${table.maxBid}`),
  ],
);

/** Spec: Bid log entry. What the bid engine changed; budget limits' changes are not here. Bids in kopecks. */
export const bidLog = pgTable(
  'bid_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: account(),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    /** The campaign's name at the time. */
    campaignName: text('campaign_name').notNull(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    placement: text('placement').$type<BidPlacementName>().notNull(),
    bidBefore: integer('bid_before').notNull(),
    bidAfter: integer('bid_after').notNull(),
    reason: text('reason').notNull(),
    /** The reason as fields; null on entries written before they were kept. */
    reasonFields: jsonb('reason_fields').$type<BidReason>(),
    strategyId: uuid('strategy_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bid_log_account_created_idx').on(table.mpAccountId, table.createdAt),
    index('bid_log_account_advert_created_idx').on(table.mpAccountId, table.advertId, table.createdAt),
  ],
);
