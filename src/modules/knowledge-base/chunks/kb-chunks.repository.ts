import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { kbArticles, KbArticleType, kbChunks, kbDocuments, KbSourceType, kbWords, products } from '../../../database/schema';
import type { Executor } from '../../../database/transaction';

export type KbChunkRow = typeof kbChunks.$inferSelect;

/** The source a set of chunks is cut from, as its current searchable version. */
export interface KbChunkSource {
  mpAccountId: string;
  sourceType: KbSourceType;
  sourceId: string;
  version: number;
  brandId: string | null;
  nmIds: number[];
  title: string;
}

export interface KbChunkValues {
  text: string;
  startOffset: number;
  endOffset: number;
  flagged: boolean;
  flagReason: string[];
}

/** Which chunks a search reads, besides the account's: the scope's brands and the optional filters. */
export interface KbSearchFilter {
  scope: DataScope;
  q: string;
  nmId?: number;
  /** Only chunks of articles of these types. */
  types?: KbArticleType[];
  limit: number;
}

export type KbSearchRow = {
  sourceType: KbSourceType;
  sourceId: string;
  version: number;
  title: string;
  text: string;
  score: number;
};

/**
 * The lowest trigram similarity of a query's word to a word of the account's chunks that still takes that word for it:
 * a word with one letter missing or two swapped scores about 0.45-0.6 against its right spelling.
 */
const TYPO_SIMILARITY = 0.35;

/** How many words of the chunks each word of a query may stand for, the most alike first. */
const TYPO_ALTERNATIVES = 2;

/** How many chunks matching every word, and how many matching any, are ranked at most: a search's work is bounded. */
const CANDIDATES = 1000;

/** How many of the best ranked by full text are scored with trigrams too, for the final order. */
const RESCORED = 50;

/** The words of a text the lexicon keeps and a query looks up: runs of letters or digits, lower case, 3 to 40 long. */
const WORDS = (text: SQL) => sql`regexp_split_to_table(lower(${text}), '[^[:alnum:]]+')`;
const KEPT_WORD = (word: SQL) => sql`length(${word}) BETWEEN 3 AND 40`;

/**
 * The score of a chunk for a query, from 0 to below 1: 0.7 × full-text rank (ts_rank_cd over the russian configuration
 * for any of the query's words or the words they may stand for, normalised as rank / (rank + 1)) + 0.3 × trigram word
 * similarity of the query to the text. Full text weighs more, since it knows the words' forms; the trigrams reward the
 * chunk that holds the query's very letters.
 */
const score = (rank: SQL, text: SQL) =>
  sql<number>`round((0.7 * ${rank} + 0.3 * word_similarity((SELECT q FROM query), ${text}))::numeric, 4)::float8`;

/** A document's chunks count only while it is indexed and not deleted; an article has chunks only while published. */
const SEARCHABLE = sql`(${kbChunks.sourceType} = 'article' OR EXISTS (SELECT 1 FROM ${kbDocuments} WHERE ${kbDocuments.id} = ${kbChunks.sourceId}
  AND ${kbDocuments.status} = 'indexed' AND ${kbDocuments.deletedAt} IS NULL))`;

/** The chunks a scope sees: every chunk, or for a manager limited to brands the account-wide ones and those of the brands. */
function visible(scope: DataScope): SQL | undefined {
  if (scope.brandIds === 'all') return undefined;
  return sql`(${kbChunks.brandId} IS NULL OR ${kbChunks.brandId} = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[]))`;
}

/** The chunks of the knowledge base (kb_chunks): only the current searchable version of each source has any. */
@Injectable()
export class KbChunksRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The source's chunks become these (none: the source is no longer searchable). */
  async replace(executor: Executor, source: KbChunkSource, chunks: KbChunkValues[]): Promise<void> {
    await this.remove(executor, source.sourceType, source.sourceId);
    if (chunks.length === 0) return;
    await executor.insert(kbChunks).values(chunks.map((chunk) => ({ ...source, ...chunk })));
    const texts = [source.title, ...chunks.map((chunk) => chunk.text)];
    await executor.execute(sql`
      INSERT INTO ${kbWords} (mp_account_id, word)
      SELECT DISTINCT ${source.mpAccountId}::uuid, word FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) AS texts(text), ${WORDS(sql`texts.text`)} AS word
      WHERE ${KEPT_WORD(sql`word`)}
      ON CONFLICT DO NOTHING`);
  }

  async remove(executor: Executor, sourceType: KbSourceType, sourceId: string): Promise<void> {
    await executor.delete(kbChunks).where(and(eq(kbChunks.sourceType, sourceType), eq(kbChunks.sourceId, sourceId)));
  }

  /**
   * The best chunks for a query, by score: those whose words match the query's, in any form, or the words of the
   * account's chunks its misspelt words may stand for; never a flagged one. `nmId`: chunks of that card or of none in
   * particular. Up to CANDIDATES chunks matching every word and as many matching any are ranked by full text; the
   * RESCORED best of them are scored and ordered.
   */
  search(filter: KbSearchFilter): Promise<KbSearchRow[]> {
    const conditions = and(
      eq(kbChunks.mpAccountId, filter.scope.accountId),
      eq(kbChunks.flagged, false),
      SEARCHABLE,
      visible(filter.scope),
      filter.nmId === undefined ? undefined : sql`(${filter.nmId}::bigint = ANY(${kbChunks.nmIds}) OR cardinality(${kbChunks.nmIds}) = 0)`,
      filter.types?.length
        ? sql`${kbChunks.sourceType} = 'article' AND EXISTS (SELECT 1 FROM ${kbArticles} WHERE ${kbArticles.id} = ${kbChunks.sourceId}
            AND ${kbArticles.type} = ANY(${`{${filter.types.join(',')}}`}::text[]))`
        : undefined,
    );
    return this.db.transaction(async (tx) => {
      const groups = await this.wordGroups(tx, filter.scope.accountId, filter.q);
      if (groups.length === 0) return [];
      const every = sql.join(groups, sql` && `);
      const any = sql.join(groups, sql` || `);
      const { rows } = await tx.execute<KbSearchRow>(sql`
        WITH query AS (SELECT ${filter.q}::text AS q, (${every}) AS every_word, (${any}) AS any_word),
        matched AS (
          (SELECT ${kbChunks.id} AS id FROM ${kbChunks} WHERE ${conditions} AND ${kbChunks.tsv} @@ (SELECT every_word FROM query) LIMIT ${CANDIDATES})
          UNION
          (SELECT ${kbChunks.id} AS id FROM ${kbChunks} WHERE ${conditions} AND ${kbChunks.tsv} @@ (SELECT any_word FROM query) LIMIT ${CANDIDATES})
        ),
        ranked AS (
          SELECT c.source_type, c.source_id, c.version, c.title, c.text, c.start_offset,
            ts_rank_cd(c.tsv, (SELECT any_word FROM query), 32) AS rank
          FROM ${kbChunks} c JOIN matched USING (id)
          ORDER BY rank DESC, c.source_id, c.start_offset
          LIMIT ${RESCORED}
        )
        SELECT source_type AS "sourceType", source_id AS "sourceId", version, title, text, ${score(sql`rank`, sql`text`)} AS score
        FROM ranked
        ORDER BY score DESC, source_id, start_offset
        LIMIT ${filter.limit}`);
      return rows;
    });
  }

  /**
   * A tsquery per word of the query (3 letters or more): the word, or one of up to TYPO_ALTERNATIVES words of the
   * account's chunks it may be a misspelling of, when the chunks do not hold the word itself. None: nothing to look for.
   */
  private async wordGroups(tx: Executor, accountId: string, q: string): Promise<SQL[]> {
    await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    const { rows } = await tx.execute<{ word: string; alternatives: string[] }>(sql`
      WITH words AS (SELECT DISTINCT word FROM ${WORDS(sql`${q}::text`)} AS word WHERE ${KEPT_WORD(sql`word`)})
      SELECT words.word, coalesce(array_agg(alike.word) FILTER (WHERE alike.word IS NOT NULL), '{}') AS alternatives
      FROM words
      LEFT JOIN LATERAL (
        SELECT known.word FROM ${kbWords} known
        WHERE known.mp_account_id = ${accountId}::uuid AND known.word % words.word
          AND NOT EXISTS (SELECT 1 FROM ${kbWords} own WHERE own.mp_account_id = ${accountId}::uuid AND own.word = words.word)
        ORDER BY known.word <-> words.word, known.word
        LIMIT ${TYPO_ALTERNATIVES}
      ) alike ON true
      GROUP BY words.word
      ORDER BY words.word`);
    return rows.map(({ word, alternatives }) =>
      sql.join(
        [word, ...alternatives].map((form) => sql`plainto_tsquery('russian', ${form})`),
        sql` || `,
      ),
    );
  }

  /**
   * The facts for a card, best first: chunks of the card, or of none in particular and of the card's brand or the whole
   * account, never a flagged one; ranked by score for `q`, the card's own first among equals.
   */
  async forCard(accountId: string, card: { nmId: number; brandId?: string | null; q: string; limit: number }): Promise<KbSearchRow[]> {
    const brand =
      card.brandId !== undefined
        ? sql`${card.brandId}::uuid`
        : sql`(SELECT ${products.brandId} FROM ${products} WHERE ${products.mpAccountId} = ${accountId}::uuid AND ${products.nmId} = ${card.nmId})`;
    const { rows } = await this.db.execute<KbSearchRow>(sql`
      WITH query AS (SELECT ${card.q}::text AS q, ${anyWord(card.q)} AS any_word)
      SELECT ${kbChunks.sourceType} AS "sourceType", ${kbChunks.sourceId} AS "sourceId", ${kbChunks.version} AS version,
        ${kbChunks.title} AS title, ${kbChunks.text} AS text,
        ${score(sql`ts_rank_cd(${kbChunks.tsv}, (SELECT any_word FROM query), 32)`, sql`${kbChunks.text}`)} AS score
      FROM ${kbChunks}
      WHERE ${kbChunks.mpAccountId} = ${accountId}::uuid AND NOT ${kbChunks.flagged} AND ${SEARCHABLE}
        AND (${card.nmId}::bigint = ANY(${kbChunks.nmIds})
          OR (cardinality(${kbChunks.nmIds}) = 0 AND (${kbChunks.brandId} IS NULL OR ${kbChunks.brandId} = ${brand})))
      ORDER BY score DESC, (${card.nmId}::bigint = ANY(${kbChunks.nmIds})) DESC, ${kbChunks.sourceId}, ${kbChunks.startOffset}
      LIMIT ${card.limit}`);
    return rows;
  }

  /** The account's flagged chunks the scope sees, newest first. */
  flaggedPage(scope: DataScope, page: PageRequest): Promise<Page<KbChunkRow>> {
    const where = and(eq(kbChunks.mpAccountId, scope.accountId), eq(kbChunks.flagged, true), visible(scope));
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select()
          .from(kbChunks)
          .where(where)
          .orderBy(desc(kbChunks.createdAt), kbChunks.sourceId, kbChunks.startOffset)
          .limit(limit)
          .offset(offset),
      () =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(kbChunks)
          .where(where),
    );
  }
}

/** The query's words in the russian configuration, any of them sufficing: a buyer's question rarely holds every word of a fact. */
function anyWord(q: string): SQL {
  return sql`replace(plainto_tsquery('russian', ${q})::text, ' & ', ' | ')::tsquery`;
}
