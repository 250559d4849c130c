import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNull, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { escapeLike } from '../../../database/like';
import { PageRequest, queryPage } from '../../../database/query-page';
import { kbArticles, KbArticleStatus, KbArticleType, kbArticleVersions } from '../../../database/schema';
import type { Executor } from '../../../database/transaction';

export type KbArticleRow = typeof kbArticles.$inferSelect;
export type KbArticleVersionRow = typeof kbArticleVersions.$inferSelect;

/** What a version of an article holds besides its number. */
export interface KbArticleContent {
  brandId: string | null;
  nmIds: number[];
  type: KbArticleType;
  title: string;
  body: string;
  tags: string[];
  status: KbArticleStatus;
}

export interface KbArticleFilter extends PageRequest {
  scope: DataScope;
  type?: KbArticleType;
  status?: KbArticleStatus;
  nmId?: number;
  q?: string;
}

const live = (id: string) => and(eq(kbArticles.id, id), isNull(kbArticles.deletedAt));

/** The articles a scope sees: every one, or for a manager limited to brands those of the brands. */
function visible(scope: DataScope): SQL | undefined {
  if (scope.brandIds === 'all') return undefined;
  return sql`${kbArticles.brandId} = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[])`;
}

/** Articles (kb_articles, the current version) and every version of each (kb_article_versions). */
@Injectable()
export class KbArticlesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ accountId: kbArticles.mpAccountId }).from(kbArticles).where(live(id));
    return row?.accountId;
  }

  async find(id: string): Promise<KbArticleRow | undefined> {
    const [row] = await this.db.select().from(kbArticles).where(live(id));
    return row;
  }

  /** The article, locked until the transaction ends: a change is made from the version it replaces. */
  async lock(executor: Executor, id: string): Promise<KbArticleRow | undefined> {
    const [row] = await executor.select().from(kbArticles).where(live(id)).for('update');
    return row;
  }

  /** Most recently changed first; q matches the title, the body or a tag, case-insensitively. */
  page(filter: KbArticleFilter): Promise<Page<KbArticleRow>> {
    const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
    const where = and(
      eq(kbArticles.mpAccountId, filter.scope.accountId),
      isNull(kbArticles.deletedAt),
      visible(filter.scope),
      filter.type ? eq(kbArticles.type, filter.type) : undefined,
      filter.status ? eq(kbArticles.status, filter.status) : undefined,
      filter.nmId === undefined ? undefined : sql`${filter.nmId}::bigint = ANY(${kbArticles.nmIds})`,
      pattern
        ? sql`(${kbArticles.title} ILIKE ${pattern} OR ${kbArticles.body} ILIKE ${pattern} OR array_to_string(${kbArticles.tags}, ' ') ILIKE ${pattern})`
        : undefined,
    );
    return queryPage(
      filter,
      (limit, offset) =>
        this.db.select().from(kbArticles).where(where).orderBy(desc(kbArticles.updatedAt), desc(kbArticles.id)).limit(limit).offset(offset),
      () =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(kbArticles)
          .where(where),
    );
  }

  /** The article and its first version. */
  async insert(executor: Executor, accountId: string, content: KbArticleContent, userId: string): Promise<KbArticleRow> {
    const [row] = await executor
      .insert(kbArticles)
      .values({ ...content, mpAccountId: accountId, createdBy: userId })
      .returning();
    await executor.insert(kbArticleVersions).values({ ...content, articleId: row.id, version: row.version, createdBy: userId });
    return row;
  }

  /** The article's next version, kept beside the earlier ones; undefined when the article is gone meanwhile. */
  async update(executor: Executor, id: string, content: KbArticleContent, userId: string): Promise<KbArticleRow | undefined> {
    const [row] = await executor
      .update(kbArticles)
      .set({ ...content, version: sql`${kbArticles.version} + 1`, updatedAt: new Date() })
      .where(live(id))
      .returning();
    if (!row) return undefined;
    await executor.insert(kbArticleVersions).values({ ...content, articleId: id, version: row.version, createdBy: userId });
    return row;
  }

  async softDelete(executor: Executor, id: string): Promise<KbArticleRow | undefined> {
    const [row] = await executor.update(kbArticles).set({ deletedAt: new Date(), updatedAt: new Date() }).where(live(id)).returning();
    return row;
  }

  /** Newest first. */
  versionsPage(id: string, page: PageRequest): Promise<Page<KbArticleVersionRow>> {
    const where = eq(kbArticleVersions.articleId, id);
    return queryPage(
      page,
      (limit, offset) =>
        this.db.select().from(kbArticleVersions).where(where).orderBy(desc(kbArticleVersions.version)).limit(limit).offset(offset),
      () =>
        this.db
          .select({ total: sql<number>`count(*)::int` })
          .from(kbArticleVersions)
          .where(where),
    );
  }
}
