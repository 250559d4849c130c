import { randomUUID } from 'node:crypto';

import { JwtService } from '@nestjs/jwt';
import type { Pool } from 'pg';

import { DEVELOPMENT_PLACEHOLDERS } from '../src/config/env-definitions';
import { KB_ARTICLE_TYPES } from '../src/database/schema';
import { CONTENT_WORDS } from './content-words';

/** Chunks of one article: an article of about 8 KB cut at the chunker's target of 800 characters. */
const CHUNKS_PER_ARTICLE = 10;
/** Words of a chunk: about 800 characters. */
const CHUNK_WORDS = 95;
/** Rows written per statement. */
const BATCH = 10_000;
/** Brands of each knowledge-base account, and of the audited catalog. */
const KB_BRANDS = 5;
const CATALOG_BRANDS = 10;
/** Search phrases of each audited card's latest draft. */
const KEYWORDS_PER_CARD = 10;

/** One seller owning every account of the content benchmark. */
export interface ContentSeller {
  ownerId: string;
  /** Bearer token of the owner and the JSON content type. */
  headers: Record<string, string>;
}

/**
 * A word of CONTENT_WORDS ($1 of the statement: the list) picked by a hash of `key` (a bigint SQL expression): rank r
 * with a chance near 1 / r (exp of an even share of ln of the vocabulary's size).
 */
function wordAt(key: string): string {
  return `($1::text[])[floor(exp(((hashint8(${key}) & 2147483647)::float8 / 2147483648) * ln(cardinality($1::text[]))))::int]`;
}

/** `count` words picked by keys from `key` * 1000 + 1 on, a full stop every 13 words. */
function textOf(key: string, count: string): string {
  return `(SELECT string_agg(${wordAt(`(${key}) * 1000 + j`)}, CASE WHEN j % 13 = 0 THEN '. ' ELSE ' ' END)
    FROM generate_series(1, ${count}) AS j)`;
}

export async function seedSeller(pool: Pool): Promise<ContentSeller> {
  const {
    rows: [owner],
  } = await pool.query<{ id: string }>(
    `INSERT INTO users (email, display_name, password_hash) VALUES ($1, 'Бенчмарк контента', '-') RETURNING id`,
    [`content-bench-${randomUUID()}@example.com`],
  );
  const token = new JwtService({ secret: DEVELOPMENT_PLACEHOLDERS.JWT_ACCESS_SECRET }).sign({ sub: owner.id, role: 'seller' });
  return { ownerId: owner.id, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

/** An account of the seller with `brands` brands («Бренд 1»...); answers its id and the brands' ids. */
export async function seedAccount(pool: Pool, seller: ContentSeller, name: string, brands: number) {
  const {
    rows: [account],
  } = await pool.query<{ id: string }>(
    `INSERT INTO mp_accounts (owner_id, name, key_id, key_nonce, key_ciphertext, key_tag, key_last4)
     VALUES ($1, $2, 'k1', '\\x00', '\\x00', '\\x00', '0000') RETURNING id`,
    [seller.ownerId, name],
  );
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO brands (mp_account_id, name) SELECT $1, 'Бренд ' || b FROM generate_series(1, $2::int) AS b RETURNING id`,
    [account.id, brands],
  );
  return { accountId: account.id, brandIds: rows.map((row) => row.id) };
}

/**
 * A knowledge base of `chunks` chunks of published articles (10 chunks an article, about 800 characters each, the text
 * generated from the word list by `seed`), as publishing leaves them: the tsvector filled by its generated column, the
 * account's word list (kb_words, where misspelt words are looked up) holding every lexeme of 3 to 40 letters. Of
 * the articles, 1 in 4 is the whole account's and the rest spread over its brands, 1 in 3 is about a card; 1 chunk in
 * 200 is flagged.
 */
export async function seedKnowledgeBase(pool: Pool, seller: ContentSeller, seed: number, chunks: number): Promise<string> {
  const { accountId, brandIds } = await seedAccount(pool, seller, `База знаний ${seed}`, KB_BRANDS);
  const articles = Math.ceil(chunks / CHUNKS_PER_ARTICLE);
  await pool.query(
    `INSERT INTO kb_articles (id, mp_account_id, brand_id, nm_ids, type, title, body, status)
     SELECT md5($2::text || '/' || a)::uuid, $2::uuid, CASE WHEN a % 4 = 0 THEN NULL ELSE ($3::uuid[])[a % cardinality($3::uuid[]) + 1] END,
       CASE WHEN a % 3 = 0 THEN ARRAY[10000000 + a % 1000]::bigint[] ELSE '{}' END, ($4::text[])[a % cardinality($4::text[]) + 1],
       initcap(${textOf(`$5::bigint * 100000000 + a`, '4')}), '', 'published'
     FROM generate_series(1, $6::int) AS a`,
    [CONTENT_WORDS, accountId, brandIds, KB_ARTICLE_TYPES, seed, articles],
  );
  for (let from = 1; from <= chunks; from += BATCH)
    await pool.query(
      `INSERT INTO kb_chunks (mp_account_id, source_type, source_id, version, brand_id, nm_ids, title, text, start_offset, end_offset,
                              flagged, flag_reason)
       SELECT a.mp_account_id, 'article', a.id, 1, a.brand_id, a.nm_ids, a.title, t.text, c.part * 900, c.part * 900 + length(t.text),
         i % 200 = 0, CASE WHEN i % 200 = 0 THEN '{role-marker}'::text[] ELSE '{}' END
       FROM generate_series($3::int, $4::int) AS i
       CROSS JOIN LATERAL (SELECT (i - 1) % ${CHUNKS_PER_ARTICLE} AS part, (i - 1) / ${CHUNKS_PER_ARTICLE} + 1 AS article) AS c
       JOIN kb_articles a ON a.id = md5($2::text || '/' || c.article)::uuid
       CROSS JOIN LATERAL (SELECT ${textOf(`($5::bigint * 100000000 + i) * 100`, String(CHUNK_WORDS))} AS text) AS t`,
      [CONTENT_WORDS, accountId, from, Math.min(chunks, from + BATCH - 1), seed],
    );
  await pool.query(
    `INSERT INTO kb_words (mp_account_id, word)
     SELECT DISTINCT $1::uuid, lexeme FROM kb_chunks, unnest(tsvector_to_array(tsv)) AS lexeme
     WHERE mp_account_id = $1 AND length(lexeme) BETWEEN 3 AND 40`,
    [accountId],
  );
  return accountId;
}

/**
 * A catalog of `cards` products in 10 brands as a cards sync leaves them: titles of 3-7 words (some over 60
 * characters), descriptions of 120-279 words (some under the 1 000-character minimum, 1 in 10 with a claim, 1 in 25
 * naming another brand), 8 characteristics; and each card's latest draft with 10 search phrases.
 */
export async function seedCatalog(pool: Pool, seller: ContentSeller, cards: number): Promise<string> {
  const { accountId } = await seedAccount(pool, seller, 'Каталог для оценки текстов', CATALOG_BRANDS);
  for (let from = 1; from <= cards; from += BATCH) {
    const range = [from, Math.min(cards, from + BATCH - 1)];
    await pool.query(
      `INSERT INTO products (mp_account_id, nm_id, vendor_code, title, brand, brand_id, description, characteristics, subject_id,
                             subject_name, card_updated_at)
       SELECT $2, 20000000 + i, 'CNT-' || lpad(i::text, 6, '0'), initcap(${textOf('i * 10 + 1', '3 + i % 5')}), b.name, b.id,
         ${textOf('i * 10 + 2', '120 + i % 160')}
           || CASE WHEN i % 10 = 0 THEN ' Лучший выбор сезона.' ELSE '' END
           || CASE WHEN i % 25 = 0 THEN ' Не хуже, чем Бренд ' || ((i + 1) % ${CATALOG_BRANDS} + 1) || '.' ELSE '' END,
         (SELECT jsonb_agg(jsonb_build_object('id', k, 'name', 'Характеристика ' || k, 'value', jsonb_build_array(${wordAt('i * 100 + k')})))
          FROM generate_series(1, 8) AS k),
         100 + i % 20, 'Предмет ' || (i % 20), now()
       FROM generate_series($3::int, $4::int) AS i
       JOIN brands b ON b.mp_account_id = $2 AND b.name = 'Бренд ' || (i % ${CATALOG_BRANDS} + 1)`,
      [CONTENT_WORDS, accountId, ...range],
    );
    await pool.query(
      `INSERT INTO content_drafts (mp_account_id, nm_id, status, base_hash, keywords, current, proposed, score_before, score_after,
                                   score_context)
       SELECT $2, 20000000 + i, 'published', md5(i::text),
         (SELECT jsonb_agg(jsonb_build_object('text', ${wordAt('i * 1000 + 500 + 2 * k')} || ' ' || ${wordAt('i * 1000 + 501 + 2 * k')},
                                              'frequency', 1000 - k * 50) ORDER BY k)
          FROM generate_series(1, ${KEYWORDS_PER_CARD}) AS k),
         '{"title": "", "description": "", "characteristics": []}', '{"title": "", "description": "", "characteristics": []}', 50, 70,
         '{"competitorBrands": [], "factTexts": [], "descriptionBounds": {"min": 1000, "max": 2000}, "subjectCharcs": []}'
       FROM generate_series($3::int, $4::int) AS i`,
      [CONTENT_WORDS, accountId, ...range],
    );
  }
  return accountId;
}
