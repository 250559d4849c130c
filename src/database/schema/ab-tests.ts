import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { AbTestPauseReason, AbTestState } from '../../shared/ab-tests/ab-test-states';
import { mpAccounts } from './accounts';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const account = () =>
  uuid('mp_account_id')
    .notNull()
    .references(() => mpAccounts.id, { onDelete: 'cascade' });

/**
 * An image uploaded for A/B tests. The bytes live in PostgreSQL: they survive restarts and every replica serves them,
 * with no volume to share. The marketplace fetches the image by its public address, which carries the token.
 */
export const abTestImages = pgTable(
  'ab_test_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: account(),
    /** 128 random bits, base64url: the only name of the image on its public address. */
    token: text('token').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** The SHA-256 of the bytes, base64url: the public address's ETag. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ab_test_images_token_key').on(table.token), index('ab_test_images_account_idx').on(table.mpAccountId)],
);

export const AB_TEST_ON_FINISH = ['apply_winner', 'restore'] as const;
export type AbTestOnFinish = (typeof AB_TEST_ON_FINISH)[number];
export const AB_TEST_VERDICTS = ['winner', 'inconclusive'] as const;
export type AbTestVerdictName = (typeof AB_TEST_VERDICTS)[number];

export const AB_TEST_SWITCH_CHECK = 'ab_tests_switch_every_check';
export const AB_TEST_ACTIVE_NM_KEY = 'ab_tests_active_nm_key';
export const AB_TEST_ACTIVE_CAMPAIGN_KEY = 'ab_tests_active_campaign_key';

/** The states that hold the card and the campaign, as SQL (ACTIVE_AB_TEST_STATES). */
const ACTIVE = sql`state in ('scheduled', 'running', 'paused') and deleted_at is null`;

/** Spec (A/B tests): a test of a card's main photo over a campaign, its variants the images shown in turn. */
export const abTests = pgTable(
  'ab_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: account(),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    advertId: bigint('advert_id', { mode: 'number' }).notNull(),
    /** The images (ab_test_images ids), in variant order; 2..10. */
    variants: uuid('variants').array().notNull(),
    /** Exactly one of the two: switch after this many views of the card in the campaign, or after this many hours. */
    switchEveryImpressions: integer('switch_every_impressions'),
    switchEveryHours: integer('switch_every_hours'),
    targetImpressionsPerVariant: integer('target_impressions_per_variant').notNull().default(10_000),
    settleMinutes: integer('settle_minutes').notNull().default(30),
    onFinish: text('on_finish').$type<AbTestOnFinish>().notNull(),
    state: text('state').$type<AbTestState>().notNull().default('draft'),
    /** Why a test is paused, failed or interrupted; null otherwise. */
    stateReason: text('state_reason').$type<AbTestPauseReason | string>(),
    verdict: text('verdict').$type<AbTestVerdictName>(),
    winnerIndex: integer('winner_index'),
    /** The winner's CTR over the mean of the other variants, %, at completion. */
    ctrUpliftPct: numeric('ctr_uplift_pct', { precision: 10, scale: 2 }),
    /** The card's catalog price when the worker began rotating: a change pauses the test (price_changed). */
    priceAtStart: integer('price_at_start'),
    /** When the worker put the card's media back (or the winner first) after the test ended; null until then. */
    finalMediaAt: timestamp('final_media_at', { withTimezone: true }),
    /** When start was asked; when the worker began rotating; when it completed, failed or was interrupted. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('ab_tests_account_created_idx').on(table.mpAccountId, table.createdAt),
    // One active test per card and per campaign of an account.
    uniqueIndex(AB_TEST_ACTIVE_NM_KEY).on(table.mpAccountId, table.nmId).where(ACTIVE),
    uniqueIndex(AB_TEST_ACTIVE_CAMPAIGN_KEY).on(table.mpAccountId, table.advertId).where(ACTIVE),
    check(
      AB_TEST_SWITCH_CHECK,
      sql`(${table.switchEveryImpressions} is null) <> (${table.switchEveryHours} is null)
        and cardinality(${table.variants}) between 2 and 10`,
    ),
  ],
);

/** One item of the card's media as it was before the test: photos and the video, in the card's order. */
export interface AbTestMediaItem {
  url: string;
  kind: 'photo' | 'video';
  /** The SHA-256 of the file, base64url: the marketplace hosts what it was sent under new addresses. */
  sha256?: string;
}

/** The card's media as the worker found it before its first switch: what restore puts back. */
export const abTestOriginalMedia = pgTable('ab_test_original_media', {
  testId: uuid('test_id')
    .primaryKey()
    .references(() => abTests.id, { onDelete: 'cascade' }),
  media: jsonb('media').$type<AbTestMediaItem[]>().notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** settling: shown, its settle window running; measuring: counted; done: measured to the next switch; cut: ended early (a pause). */
export const AB_ROTATION_STATES = ['settling', 'measuring', 'done', 'cut'] as const;
export type AbRotationState = (typeof AB_ROTATION_STATES)[number];

/**
 * One period of one variant on the card. The counters are the campaign's cumulative views and clicks of the card: at the
 * switch, at the settle window's end (viewsAtStart: where the measurement starts) and at the next switch (viewsAtEnd).
 */
export const abTestRotations = pgTable(
  'ab_test_rotations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => abTests.id, { onDelete: 'cascade' }),
    /** The rotation's number in the test, from 0: a run that is repeated finds its rotation instead of opening another. */
    seq: integer('seq'),
    variantIndex: integer('variant_index').notNull(),
    /** When the media call of the switch was sent; null until it is (a run killed before it sends it again). */
    mediaSentAt: timestamp('media_sent_at', { withTimezone: true }),
    /** When the card was read back with the variant first. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The card's media as read back after the switch: later runs compare the card with it. */
    cardMedia: jsonb('card_media').$type<AbTestMediaItem[]>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    settleUntil: timestamp('settle_until', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    viewsAtSwitch: bigint('views_at_switch', { mode: 'number' }),
    clicksAtSwitch: bigint('clicks_at_switch', { mode: 'number' }),
    viewsAtStart: bigint('views_at_start', { mode: 'number' }),
    clicksAtStart: bigint('clicks_at_start', { mode: 'number' }),
    viewsAtEnd: bigint('views_at_end', { mode: 'number' }),
    clicksAtEnd: bigint('clicks_at_end', { mode: 'number' }),
    state: text('state').$type<AbRotationState>().notNull().default('settling'),
  },
  (table) => [
    index('ab_test_rotations_test_started_idx').on(table.testId, table.startedAt),
    uniqueIndex('ab_test_rotations_test_seq_key').on(table.testId, table.seq),
  ],
);
