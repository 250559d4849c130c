import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { brands, mpAccounts } from './accounts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Spec: Knowledge base, article types. */
export const KB_ARTICLE_TYPES = ['product_fact', 'policy', 'faq', 'brand_voice', 'template', 'news'] as const;
export type KbArticleType = (typeof KB_ARTICLE_TYPES)[number];
/** Only a published article is searchable. */
export const KB_ARTICLE_STATUSES = ['draft', 'published', 'archived'] as const;
export type KbArticleStatus = (typeof KB_ARTICLE_STATUSES)[number];
export const KB_SOURCE_TYPES = ['article', 'document'] as const;
export type KbSourceType = (typeof KB_SOURCE_TYPES)[number];
/** A knowledge base version a text was written from: an article's version, or a document (version 1). */
export interface KbSourceRef {
  sourceType: KbSourceType;
  sourceId: string;
  version: number;
}

/** An uploaded document is searchable once indexed. */
export const KB_DOCUMENT_STATUSES = ['processing', 'indexed', 'failed', 'skipped'] as const;
export type KbDocumentStatus = (typeof KB_DOCUMENT_STATUSES)[number];

/** The fields every version of an article holds in full. */
const articleContent = {
  brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
  nmIds: bigint('nm_ids', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'`),
  type: text('type').$type<KbArticleType>().notNull(),
  title: text('title').notNull(),
  /** Markdown. */
  body: text('body').notNull(),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'`),
  status: text('status').$type<KbArticleStatus>().notNull(),
};

/** An article of an account's knowledge base, as its current version; deletion is soft. */
export const kbArticles = pgTable(
  'kb_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    ...articleContent,
    version: integer('version').notNull().default(1),
    /** Who wrote the first version (null once the user is deleted). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('kb_articles_account_updated_idx').on(table.mpAccountId, table.updatedAt),
    check('kb_articles_type_check', sql`${table.type} IN ('product_fact', 'policy', 'faq', 'brand_voice', 'template', 'news')`),
    check('kb_articles_status_check', sql`${table.status} IN ('draft', 'published', 'archived')`),
  ],
);

/** Every version of an article in full, the current one included; a version is never changed. */
export const kbArticleVersions = pgTable(
  'kb_article_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => kbArticles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    ...articleContent,
    /** Who wrote this version. */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('kb_article_versions_article_version_key').on(table.articleId, table.version)],
);

/** An uploaded file of an account's knowledge base; its text is searchable through its chunks once indexed. */
export const kbDocuments = pgTable(
  'kb_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    nmIds: bigint('nm_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the file: the same file is stored once per account. */
    sha256: text('sha256').notNull(),
    status: text('status').$type<KbDocumentStatus>().notNull().default('processing'),
    /** Why the file failed or was skipped, in Russian. */
    failureReason: text('failure_reason'),
    chunksCount: integer('chunks_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('kb_documents_account_sha256_key')
      .on(table.mpAccountId, table.sha256)
      .where(sql`${table.deletedAt} IS NULL`),
    check('kb_documents_status_check', sql`${table.status} IN ('processing', 'indexed', 'failed', 'skipped')`),
  ],
);

/** The bytes of an uploaded document, kept apart from its row so that lists never read them; its text is extracted from them. */
export const kbDocumentFiles = pgTable('kb_document_files', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => kbDocuments.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/**
 * A searchable piece of a published article's current version or of an indexed document: `text` is the source's
 * text from start_offset to end_offset. A flagged chunk (text that instructs a model) is never searched nor quoted.
 */
export const kbChunks = pgTable(
  'kb_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    sourceType: text('source_type').$type<KbSourceType>().notNull(),
    /** The article or the document. */
    sourceId: uuid('source_id').notNull(),
    version: integer('version').notNull(),
    /** null: the whole account's. */
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    nmIds: bigint('nm_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    title: text('title').notNull(),
    text: text('text').notNull(),
    startOffset: integer('start_offset').notNull(),
    endOffset: integer('end_offset').notNull(),
    flagged: boolean('flagged').notNull().default(false),
    /** The injection signs that flagged the chunk. */
    flagReason: text('flag_reason')
      .array()
      .notNull()
      .default(sql`'{}'`),
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('russian', title || ' ' || text)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('kb_chunks_source_idx').on(table.sourceType, table.sourceId),
    // One index for the account and the words (btree_gin): a search reads only its account's postings, with no
    // second index of the account to intersect with; it serves every read by account too.
    index('kb_chunks_search_idx').using('gin', table.mpAccountId, table.tsv),
    index('kb_chunks_flagged_idx')
      .on(table.mpAccountId, table.createdAt)
      .where(sql`${table.flagged}`),
    check('kb_chunks_source_type_check', sql`${table.sourceType} IN ('article', 'document')`),
    check('kb_chunks_offsets_check', sql`${table.startOffset} >= 0 AND ${table.endOffset} > ${table.startOffset}`),
  ],
);

/**
 * The distinct lexemes of an account's chunks (their words as the russian configuration stems them, 3 to 40 letters):
 * where a query's misspelt word finds the lexemes it may stand for (pg_trgm similarity, served by the trigram index), so
 * that full-text search can look for those; a word in another form of a known lexeme is no misspelling. Lexemes are
 * added with the chunks and never removed: one no chunk holds any more finds nothing.
 */
export const kbWords = pgTable(
  'kb_words',
  {
    mpAccountId: uuid('mp_account_id')
      .notNull()
      .references(() => mpAccounts.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.mpAccountId, table.word] }),
    index('kb_words_word_trgm_idx').using('gist', sql`${table.word} gist_trgm_ops`),
  ],
);
