import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage } from '../../../database/query-page';
import { kbArticles, KbArticleType, kbChunks, kbDocuments, KbSourceType, products } from '../../../database/schema';
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
 * The lowest word similarity (pg_trgm) of the query to a chunk's text that still finds the chunk: a word with one
 * letter missing or two swapped scores about 0.38-0.55 against its right spelling.
 */
const TRIGRAM_THRESHOLD = 0.35;

/**
 * The score of a chunk for a query, from 0 to below 1: 0.7 × full-text rank (ts_rank_cd over the russian configuration,
 * normalised as rank / (rank + 1)) + 0.3 × trigram word similarity of the query to the text. Full text weighs more,
 * since it knows the words' forms; the trigrams find what a typo hides from it.
 */
const SCORE = sql<number>`(0.7 * ts_rank_cd(${kbChunks.tsv}, (SELECT tsq FROM query), 32) + 0.3 * word_similarity((SELECT q FROM query), ${kbChunks.text}))`;

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
    if (chunks.length > 0) await executor.insert(kbChunks).values(chunks.map((chunk) => ({ ...source, ...chunk })));
  }

  async remove(executor: Executor, sourceType: KbSourceType, sourceId: string): Promise<void> {
    await executor.delete(kbChunks).where(and(eq(kbChunks.sourceType, sourceType), eq(kbChunks.sourceId, sourceId)));
  }

  /**
   * The best chunks for a query, by SCORE: those whose words match the query's (any of them, in any form) or whose text
   * holds a word like the query's; never a flagged one. `nmId`: chunks of that card or of none in particular.
   */
  search(filter: KbSearchFilter): Promise<KbSearchRow[]> {
    const conditions = [
      eq(kbChunks.mpAccountId, filter.scope.accountId),
      eq(kbChunks.flagged, false),
      SEARCHABLE,
      visible(filter.scope),
      filter.nmId === undefined ? undefined : sql`(${filter.nmId}::bigint = ANY(${kbChunks.nmIds}) OR cardinality(${kbChunks.nmIds}) = 0)`,
      filter.types?.length
        ? sql`${kbChunks.sourceType} = 'article' AND EXISTS (SELECT 1 FROM ${kbArticles} WHERE ${kbArticles.id} = ${kbChunks.sourceId}
            AND ${kbArticles.type} = ANY(${`{${filter.types.join(',')}}`}::text[]))`
        : undefined,
      sql`(${kbChunks.tsv} @@ (SELECT tsq FROM query) OR (SELECT q FROM query) <% ${kbChunks.text})`,
    ];
    return this.db.transaction(async (tx) => {
      // The threshold of the <% operator, which the trigram index serves; for this transaction only.
      await tx.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`);
      const { rows } = await tx.execute<KbSearchRow>(sql`
        WITH query AS (SELECT ${filter.q}::text AS q, ${anyWord(filter.q)} AS tsq)
        SELECT ${kbChunks.sourceType} AS "sourceType", ${kbChunks.sourceId} AS "sourceId", ${kbChunks.version} AS version,
          ${kbChunks.title} AS title, ${kbChunks.text} AS text, round(${SCORE}::numeric, 4)::float8 AS score
        FROM ${kbChunks}
        WHERE ${and(...conditions)}
        ORDER BY score DESC, ${kbChunks.sourceId}, ${kbChunks.startOffset}
        LIMIT ${filter.limit}`);
      return rows;
    });
  }

  /**
   * The facts for a card, best first: chunks of the card, or of none in particular and of the card's brand or the whole
   * account, never a flagged one; ranked by SCORE for `q`, the card's own first among equals.
   */
  async forCard(accountId: string, card: { nmId: number; brandId?: string | null; q: string; limit: number }): Promise<KbSearchRow[]> {
    const brand =
      card.brandId !== undefined
        ? sql`${card.brandId}::uuid`
        : sql`(SELECT ${products.brandId} FROM ${products} WHERE ${products.mpAccountId} = ${accountId}::uuid AND ${products.nmId} = ${card.nmId})`;
    const { rows } = await this.db.execute<KbSearchRow>(sql`
      WITH query AS (SELECT ${card.q}::text AS q, ${anyWord(card.q)} AS tsq)
      SELECT ${kbChunks.sourceType} AS "sourceType", ${kbChunks.sourceId} AS "sourceId", ${kbChunks.version} AS version,
        ${kbChunks.title} AS title, ${kbChunks.text} AS text, round(${SCORE}::numeric, 4)::float8 AS score
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
