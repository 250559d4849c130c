import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { kbArticles, KbArticleType, kbChunks, kbDocuments, KbSourceType, kbWords, products } from '../../../database/schema';
import type { Executor } from '../../../database/transaction';
import { KB_SEARCH_LIMIT_MAX } from '../search/kb-search.dto';

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
 * a word with one letter missing or two swapped scores about 0.45-0.6 against its right spelling. Above pg_trgm's
 * default threshold (0.3), which the `%` operator and its index use.
 */
const TYPO_SIMILARITY = 0.35;

/** How many words of the chunks each word of a query may stand for, the most alike first. */
const TYPO_ALTERNATIVES = 2;

/**
 * How many chunks matching every word, and how many matching the query's rarest words, are ranked at most: a search's
 * work is bounded. A seller's texts share most of their words, so a word may stand in thousands of chunks.
 */
const CANDIDATES = 100;

/** How many of the best ranked by full text are scored with trigrams too, for the final order: as many as a search answers at most. */
const RESCORED = KB_SEARCH_LIMIT_MAX;

/** One word of a query: its tsquery, and the share of chunks holding it (0: too few for the statistics to list). */
interface WordGroup {
  query: SQL;
  share: number;
}

/** The lexemes of a text in the russian configuration, stop words left out. */
const LEXEMES = (text: SQL) => sql`unnest(tsvector_to_array(to_tsvector('russian', ${text})))`;
/** The lexemes the word list keeps, and misspellings are looked up for: 3 to 40 letters. */
const LISTED_LEXEME = (lexeme: SQL) => sql`length(${lexeme}) BETWEEN 3 AND 40`;

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
      SELECT DISTINCT ${source.mpAccountId}::uuid, lexeme FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) AS texts(text), ${LEXEMES(sql`texts.text`)} AS lexeme
      WHERE ${LISTED_LEXEME(sql`lexeme`)}
      ON CONFLICT DO NOTHING`);
  }

  async remove(executor: Executor, sourceType: KbSourceType, sourceId: string): Promise<void> {
    await executor.delete(kbChunks).where(and(eq(kbChunks.sourceType, sourceType), eq(kbChunks.sourceId, sourceId)));
  }

  /**
   * The best chunks for a query, by score: those whose words match the query's, in any form, or the words of the
   * account's chunks its misspelt words may stand for; never a flagged one. `nmId`: chunks of that card or of none in
   * particular. Up to CANDIDATES chunks matching every word, and as many matching the query's rarest words when fewer
   * match every word, are ranked by full text; the RESCORED best of them are scored and ordered.
   */
  async search(filter: KbSearchFilter): Promise<KbSearchRow[]> {
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
    const groups = await this.wordGroups(filter.scope.accountId, filter.q);
    if (groups.length === 0) return [];
    const every = sql.join(
      groups.map((group) => group.query),
      sql` && `,
    );
    const any = sql.join(
      groups.map((group) => group.query),
      sql` || `,
    );
    const rare = sql.join(
      rarest(groups).map((group) => group.query),
      sql` || `,
    );
    const candidates = (words: SQL, unless: SQL = sql`true`) => sql`
      SELECT ${kbChunks.id} AS id, ts_rank_cd(${kbChunks.tsv}, (SELECT any_word FROM query), 32) AS rank FROM ${kbChunks}
      WHERE ${conditions} AND ${kbChunks.tsv} @@ (SELECT ${words} FROM query) AND ${unless} LIMIT ${CANDIDATES}`;
    // With one word, the chunks matching every word are those matching the rarest; with enough chunks matching every
    // word, those matching only some are worse candidates, and a common word's are costly to read.
    const matched =
      groups.length === 1
        ? sql`matched AS (${candidates(sql`rare_words`)})`
        : sql`every_matched AS (${candidates(sql`every_word`)}),
          matched AS (
            SELECT * FROM every_matched
            UNION ALL
            (${candidates(sql`rare_words`, sql`(SELECT count(*) FROM every_matched) < ${CANDIDATES}`)})
          )`;
    const { rows } = await this.db.execute<KbSearchRow>(sql`
        WITH query AS (SELECT ${filter.q}::text AS q, (${every}) AS every_word, (${rare}) AS rare_words, (${any}) AS any_word),
        ${matched},
        ranked AS (SELECT id, max(rank) AS rank FROM matched GROUP BY id ORDER BY rank DESC, id LIMIT ${RESCORED})
        SELECT c.source_type AS "sourceType", c.source_id AS "sourceId", c.version, c.title, c.text, ${score(sql`ranked.rank`, sql`c.text`)} AS score
        FROM ranked JOIN ${kbChunks} c USING (id)
        ORDER BY score DESC, c.source_id, c.start_offset
        LIMIT ${filter.limit}`);
    return rows;
  }

  /**
   * A tsquery per lexeme of the query: the lexeme, or one of up to TYPO_ALTERNATIVES lexemes of the account's chunks it
   * may be a misspelling of, when the chunks do not hold the lexeme itself; with the share of chunks holding it, as
   * PostgreSQL's statistics of the column know it (0: one they do not list, rarer than any they do). None: nothing to
   * look for (only stop words).
   */
  private async wordGroups(accountId: string, q: string): Promise<WordGroup[]> {
    const { rows } = await this.db.execute<{ forms: string[]; share: number }>(sql`
      WITH lexemes AS (SELECT DISTINCT lexeme FROM ${LEXEMES(sql`${q}::text`)} AS lexeme),
      stats AS (
        SELECT most_common_elems::text::text[] AS lexemes, most_common_elem_freqs AS shares FROM pg_stats
        WHERE schemaname = current_schema() AND tablename = 'kb_chunks' AND attname = 'tsv'
      ),
      groups AS (
        SELECT lexemes.lexeme, array_agg(alike.word ORDER BY alike.rank) FILTER (WHERE alike.word IS NOT NULL) AS alternatives
        FROM lexemes
        LEFT JOIN LATERAL (
          SELECT known.word, row_number() OVER (ORDER BY known.word <-> lexemes.lexeme, known.word) AS rank FROM ${kbWords} known
          WHERE ${LISTED_LEXEME(sql`lexemes.lexeme`)} AND known.mp_account_id = ${accountId}::uuid AND known.word % lexemes.lexeme AND similarity(known.word, lexemes.lexeme) >= ${TYPO_SIMILARITY}
            AND NOT EXISTS (SELECT 1 FROM ${kbWords} own WHERE own.mp_account_id = ${accountId}::uuid AND own.word = lexemes.lexeme)
          ORDER BY known.word <-> lexemes.lexeme, known.word
          LIMIT ${TYPO_ALTERNATIVES}
        ) alike ON true
        GROUP BY lexemes.lexeme
      )
      SELECT array_prepend(lexeme, coalesce(alternatives, '{}')) AS forms,
        (SELECT coalesce(max(stats.shares[array_position(stats.lexemes, form)]), 0)
         FROM stats, unnest(array_prepend(lexeme, coalesce(alternatives, '{}'))) AS form)::float8 AS share
      FROM groups
      ORDER BY lexeme`);
    // Parenthesised: SQL gives && and || the same precedence, left to right.
    return rows.map(({ forms, share }) => ({
      query: sql`(${sql.join(
        forms.map((form) => sql`quote_literal(${form})::tsquery`),
        sql` || `,
      )})`,
      share,
    }));
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

/**
 * The words of a query to find candidates by besides those matching every word, as a rare word tells the chunks apart
 * and a common one is in most of them: those the statistics do not list (rare, or in no chunk at all) and the rarest
 * they list.
 */
function rarest(groups: WordGroup[]): WordGroup[] {
  const rarestListed = Math.min(...groups.flatMap((group) => (group.share > 0 ? [group.share] : [])));
  return groups.filter((group) => group.share === 0 || group.share === rarestListed);
}

/** The query's words in the russian configuration, any of them sufficing: a buyer's question rarely holds every word of a fact. */
function anyWord(q: string): SQL {
  return sql`replace(plainto_tsquery('russian', ${q})::text, ' & ', ' | ')::tsquery`;
}
