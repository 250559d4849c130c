import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { InboxKind } from '../../shared/autoreply/inbox-kinds';
import { mpAccounts } from './accounts';
import type { KbSourceRef } from './knowledge-base';

export * from '../../shared/autoreply/inbox-kinds';

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

/** What a template, a scenario or a complaint rule applies to (Spec: Reply template, Reply scenario). */
export const REPLY_KIND_SCOPES = ['feedbacks', 'questions', 'both'] as const;
export type ReplyKindScope = (typeof REPLY_KIND_SCOPES)[number];

/** manual: the caller sends what was prepared; auto: it is queued (a reply) or marked ready (a complaint) at once. */
export const REPLY_MODES = ['manual', 'auto'] as const;
export type ReplyMode = (typeof REPLY_MODES)[number];

/** Spec: Reply template. Deletion is soft: a scenario that names a deleted template can no longer prepare a reply. */
export const replyTemplates = pgTable(
  'reply_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<ReplyKindScope>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('reply_templates_account_created_idx').on(table.mpAccountId, table.createdAt)],
);

/** Spec: Reply scenario. Deletion is soft. */
export const replyScenarios = pgTable(
  'reply_scenarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    /** Lower wins; ties go to the older scenario. */
    priority: integer('priority').notNull().default(100),
    kind: text('kind').$type<ReplyKindScope>().notNull(),
    brand: text('brand'),
    category: text('category'),
    ratingMin: integer('rating_min'),
    ratingMax: integer('rating_max'),
    replyMode: text('reply_mode').$type<ReplyMode>().notNull().default('manual'),
    templateId: uuid('template_id')
      .notNull()
      .references(() => replyTemplates.id),
    useLlm: boolean('use_llm').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('reply_scenarios_account_created_idx').on(table.mpAccountId, table.createdAt)],
);

/** Spec: States, Reply draft. */
export const REPLY_DRAFT_STATUSES = ['draft', 'pending', 'sent', 'error'] as const;
export type ReplyDraftStatus = (typeof REPLY_DRAFT_STATUSES)[number];
/** ai: the AI rewrite; template: the filled template; manual: the text the seller edited before sending. */
export const REPLY_SOURCES = ['ai', 'template', 'manual'] as const;
export type ReplySource = (typeof REPLY_SOURCES)[number];

/** Spec: Reply draft. One per feedback or question; preparing again overwrites it until it is queued. */
export const replyDrafts = pgTable(
  'reply_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    inboxItemId: uuid('inbox_item_id')
      .notNull()
      .references(() => inboxItems.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReplyDraftStatus>().notNull(),
    /** The text to publish: the AI rewrite or the filled template, as `source` says. */
    text: text('text').notNull(),
    source: text('source').$type<ReplySource>().notNull(),
    /** The filled template, published instead when an AI text fails the check (Reply rule 4). */
    templateText: text('template_text').notNull(),
    scenarioId: uuid('scenario_id').references(() => replyScenarios.id),
    templateId: uuid('template_id').references(() => replyTemplates.id),
    /** The knowledge base versions whose facts the AI was given for this text. */
    kbSources: jsonb('kb_sources').$type<KbSourceRef[]>().notNull().default([]),
    /** Why the draft is in error, or why it was left to the seller (injection signs in the buyer's text), in Russian. */
    note: text('note'),
    /** Which text went out (or was last tried). */
    publishedSource: text('published_source').$type<ReplySource>(),
    /** Every queueing starts a new publication; its job id carries this number so a re-queue is never deduplicated away. */
    publication: integer('publication').notNull().default(0),
    /**
     * A pending draft an auto scenario queued is held until then, cancellable; the publisher clears it when it takes the
     * draft (null: not held, or taken).
     */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** Set just before the marketplace call: a worker that finds it set after a crash looks up whether the call landed. */
    publishingAt: timestamp('publishing_at', { withTimezone: true }),
    /** When the safety check blocked both texts. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reply_drafts_inbox_item_key').on(table.inboxItemId),
    index('reply_drafts_account_sent_idx').on(table.mpAccountId, table.sentAt),
    index('reply_drafts_account_blocked_idx').on(table.mpAccountId, table.blockedAt),
    // Only a pending draft can be held for publication.
    check('reply_drafts_scheduled_pending', sql`${table.scheduledAt} IS NULL OR ${table.status} = 'pending'`),
  ],
);

/** Spec: Complaint rule. Deletion is soft. */
export const complaintRules = pgTable(
  'complaint_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    /** Matches feedbacks rated at most this. */
    ratingMax: integer('rating_max').notNull(),
    brand: text('brand'),
    category: text('category'),
    reason: text('reason').notNull(),
    templateId: uuid('template_id').references(() => replyTemplates.id),
    replyMode: text('reply_mode').$type<ReplyMode>().notNull().default('manual'),
    priority: integer('priority').notNull().default(100),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('complaint_rules_account_created_idx').on(table.mpAccountId, table.createdAt)],
);

/** Spec: States, Complaint. `pending` is ready to submit; submitted and dismissed are terminal. */
export const COMPLAINT_STATUSES = ['draft', 'pending', 'submitted', 'dismissed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** Spec: Complaint. One per feedback; the seller files it on the marketplace seller site, nothing is sent from here. */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    inboxItemId: uuid('inbox_item_id')
      .notNull()
      .references(() => inboxItems.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id').references(() => complaintRules.id),
    reason: text('reason').notNull(),
    text: text('text').notNull(),
    status: text('status').$type<ComplaintStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('complaints_inbox_item_key').on(table.inboxItemId),
    index('complaints_account_status_idx').on(table.mpAccountId, table.status, table.createdAt),
  ],
);
