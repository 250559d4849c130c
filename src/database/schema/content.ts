import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { mpAccounts } from './accounts';
import type { KbSourceRef } from './knowledge-base';

export const CONTENT_DRAFT_STATUSES = ['draft', 'approved', 'publishing', 'published', 'rejected_by_mp', 'superseded'] as const;
export type ContentDraftStatus = (typeof CONTENT_DRAFT_STATUSES)[number];

/** The texts of a card a draft shows or proposes. */
export interface ContentTexts {
  title: string;
  description: string;
  characteristics: { id: number; name?: string; value: unknown }[];
}

export interface ContentKeyword {
  text: string;
  frequency: number;
}

export type ContentIssueSeverity = 'error' | 'warning' | 'info';

export interface ContentIssue {
  field: string;
  message: string;
  severity: ContentIssueSeverity;
}

/** A characteristic of the card's subject as the marketplace describes it (reference 15.3). */
export interface ContentSubjectCharc {
  charcID: number;
  name: string;
  required: boolean;
  charcType: number;
  maxCount?: number;
}

/** What a draft is scored against besides its texts, kept so that the seller's edits are scored alike. */
export interface ContentScoreContext {
  competitorBrands: string[];
  /** Texts of the knowledge-base facts: a claim they contain is backed. */
  factTexts: string[];
  descriptionBounds: { min: number; max: number };
  /** The subject's characteristics; empty when unknown (nothing is checked). */
  subjectCharcs: ContentSubjectCharc[];
}

/**
 * A card's texts proposed for the marketplace (spec: content studio): made from the card as fetched (baseHash), edited
 * by the seller, approved, published. Only one draft of a card is open (draft or approved); a newer one supersedes it.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    nmId: bigint('nm_id', { mode: 'number' }).notNull(),
    /** The generation job that made it. */
    jobId: text('job_id'),
    status: text('status').$type<ContentDraftStatus>().notNull().default('draft'),
    /** SHA-256 of the card it was made from, as canonical JSON: a card changed since is not overwritten. */
    baseHash: text('base_hash').notNull(),
    keywords: jsonb('keywords').$type<ContentKeyword[]>().notNull().default([]),
    current: jsonb('current').$type<ContentTexts>().notNull(),
    proposed: jsonb('proposed').$type<ContentTexts>().notNull(),
    scoreBefore: integer('score_before').notNull(),
    scoreAfter: integer('score_after').notNull(),
    issues: jsonb('issues').$type<ContentIssue[]>().notNull().default([]),
    scoreContext: jsonb('score_context').$type<ContentScoreContext>().notNull(),
    knowledgeSources: jsonb('knowledge_sources').$type<KbSourceRef[]>().notNull().default([]),
    /** The seller's wishes the AI was given. */
    notes: text('notes'),
    /** Why the draft is back or not published, in Russian. */
    note: text('note'),
    /** The marketplace's message of a rejected update. */
    mpError: text('mp_error'),
    /** Every approval starts a new publication; its job id carries this number. */
    publication: integer('publication').notNull().default(0),
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('content_drafts_open_card_key')
      .on(table.mpAccountId, table.nmId)
      .where(sql`${table.status} IN ('draft', 'approved')`),
    index('content_drafts_account_status_idx').on(table.mpAccountId, table.status, table.createdAt),
    check(
      'content_drafts_status_check',
      sql`${table.status} IN ('draft', 'approved', 'publishing', 'published', 'rejected_by_mp', 'superseded')`,
    ),
    check('content_drafts_scores_check', sql`${table.scoreBefore} BETWEEN 0 AND 100 AND ${table.scoreAfter} BETWEEN 0 AND 100`),
  ],
);
