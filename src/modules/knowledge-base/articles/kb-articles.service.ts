import { Injectable } from '@nestjs/common';

import type { AuthenticatedUser } from '../../../common/auth/authenticated-user';
import type { DataScope } from '../../../common/auth/data-scope';
import { DataScopeService } from '../../../common/auth/data-scope.service';
import type { RequestMeta } from '../../../common/auth/request-meta';
import { AppError } from '../../../common/errors/app-error';
import type { Page, PaginationQueryDto } from '../../../common/http/pagination.dto';
import { Transaction, Transactions } from '../../../database/transaction';
import { AuditService } from '../../audit/audit.service';
import { settingChange } from '../../audit/setting-change';
import { KbChunksRepository } from '../chunks/kb-chunks.repository';
import { sourceChunks } from '../chunks/kb-source-chunks';
import type { KbArticleCreateDto, KbArticleDto, KbArticleListQueryDto, KbArticleUpdateDto } from './kb-articles.dto';
import { KbArticleContent, KbArticleRow, KbArticlesRepository, KbArticleVersionRow } from './kb-articles.repository';

export const KB_ARTICLE_NOT_FOUND = 'Статья не найдена';
const BRAND_REQUIRED = 'Менеджер пишет статьи только своих брендов: укажите brandId';

const article = ({ deletedAt: _deletedAt, ...row }: KbArticleRow): KbArticleDto => row;

/** A version as the API answers it: the article's shape with that version's fields. */
const version = (of: KbArticleRow, row: KbArticleVersionRow): KbArticleDto => ({
  id: of.id,
  mpAccountId: of.mpAccountId,
  brandId: row.brandId,
  nmIds: row.nmIds,
  type: row.type,
  title: row.title,
  body: row.body,
  tags: row.tags,
  status: row.status,
  version: row.version,
  createdAt: of.createdAt,
  updatedAt: row.createdAt,
  createdBy: row.createdBy,
});

/** The fields a change gave, by name. */
const changedFields = (input: KbArticleUpdateDto) =>
  Object.entries(input).flatMap(([field, value]) => (value === undefined ? [] : [field]));

/** Whether the scope reaches an article: a manager limited to brands reaches only the articles of those brands. */
const reaches = (scope: DataScope, row: KbArticleRow) =>
  scope.brandIds === 'all' || (row.brandId !== null && scope.brandIds.includes(row.brandId));

/**
 * Spec: Knowledge base, articles. Every change is a new version, every version kept; only the current version of a
 * published article is searchable, through its chunks, which each write replaces in the same transaction.
 */
@Injectable()
export class KbArticlesService {
  constructor(
    private readonly articles: KbArticlesRepository,
    private readonly chunks: KbChunksRepository,
    private readonly transactions: Transactions,
    private readonly scopes: DataScopeService,
    private readonly audit: AuditService,
  ) {}

  async create(actor: AuthenticatedUser, scope: DataScope, input: KbArticleCreateDto, meta: RequestMeta): Promise<KbArticleDto> {
    const content: KbArticleContent = {
      brandId: input.brandId ?? null,
      nmIds: [...new Set(input.nmIds ?? [])],
      type: input.type,
      title: input.title,
      body: input.body,
      tags: [...new Set(input.tags ?? [])],
      status: input.status ?? 'draft',
    };
    this.assertWritable(scope, content.brandId);
    const row = await this.transactions.run(async (tx) => {
      const inserted = await this.articles.insert(tx, scope.accountId, content, actor.id);
      await this.index(tx, inserted);
      return inserted;
    });
    await this.audit.record(settingChange('knowledge_base.article.create', actor, 'kb_article', row, this.summary(row), meta));
    return article(row);
  }

  async list(scope: DataScope, query: KbArticleListQueryDto): Promise<Page<KbArticleDto>> {
    const page = await this.articles.page({ ...query, scope });
    return { ...page, items: page.items.map(article) };
  }

  async get(scope: DataScope, id: string): Promise<KbArticleDto> {
    return article(await this.reachable(scope, id));
  }

  async update(
    actor: AuthenticatedUser,
    scope: DataScope,
    id: string,
    input: KbArticleUpdateDto,
    meta: RequestMeta,
  ): Promise<KbArticleDto> {
    await this.reachable(scope, id);
    if (input.brandId) await this.scopes.withinBrand(scope, input.brandId);
    const row = await this.transactions.run(async (tx) => {
      const current = await this.articles.lock(tx, id);
      if (!current || !reaches(scope, current)) throw AppError.notFound(KB_ARTICLE_NOT_FOUND);
      const content: KbArticleContent = {
        brandId: input.brandId === undefined ? current.brandId : input.brandId,
        nmIds: input.nmIds ? [...new Set(input.nmIds)] : current.nmIds,
        type: input.type ?? current.type,
        title: input.title ?? current.title,
        body: input.body ?? current.body,
        tags: input.tags ? [...new Set(input.tags)] : current.tags,
        status: input.status ?? current.status,
      };
      this.assertWritable(scope, content.brandId);
      const updated = await this.articles.update(tx, id, content, actor.id);
      if (!updated) throw AppError.notFound(KB_ARTICLE_NOT_FOUND);
      await this.index(tx, updated);
      return updated;
    });
    await this.audit.record(
      settingChange(
        'knowledge_base.article.update',
        actor,
        'kb_article',
        row,
        { ...this.summary(row), changed: changedFields(input) },
        meta,
      ),
    );
    return article(row);
  }

  /** Soft: the article and its versions are kept, and it is searched no more. */
  async delete(actor: AuthenticatedUser, scope: DataScope, id: string, meta: RequestMeta): Promise<void> {
    await this.reachable(scope, id);
    const row = await this.transactions.run(async (tx) => {
      const deleted = await this.articles.softDelete(tx, id);
      if (!deleted) throw AppError.notFound(KB_ARTICLE_NOT_FOUND);
      await this.chunks.remove(tx, 'article', id);
      return deleted;
    });
    await this.audit.record(settingChange('knowledge_base.article.delete', actor, 'kb_article', row, this.summary(row), meta));
  }

  async versions(scope: DataScope, id: string, query: PaginationQueryDto): Promise<Page<KbArticleDto>> {
    const current = await this.reachable(scope, id);
    const page = await this.articles.versionsPage(id, query);
    return { ...page, items: page.items.map((row) => version(current, row)) };
  }

  private async reachable(scope: DataScope, id: string): Promise<KbArticleRow> {
    const row = await this.articles.find(id);
    if (!row || !reaches(scope, row)) throw AppError.notFound(KB_ARTICLE_NOT_FOUND);
    return row;
  }

  /** A manager limited to brands writes only articles of one of them; an account-wide article is the owner's. */
  private assertWritable(scope: DataScope, brandId: string | null): void {
    if (scope.brandIds !== 'all' && brandId === null)
      throw AppError.validation([{ field: 'brandId', errors: ['isNotEmpty'] }], BRAND_REQUIRED);
  }

  /** The current version's chunks when it is published; none otherwise. */
  private async index(tx: Transaction, row: KbArticleRow): Promise<void> {
    const source = {
      mpAccountId: row.mpAccountId,
      sourceType: 'article' as const,
      sourceId: row.id,
      version: row.version,
      brandId: row.brandId,
      nmIds: row.nmIds,
      title: row.title,
    };
    await this.chunks.replace(tx, source, row.status === 'published' ? sourceChunks(row.title, row.body) : []);
  }

  /** What the audit keeps of a version: never its text. */
  private summary(row: KbArticleRow): Record<string, unknown> {
    return { version: row.version, status: row.status, type: row.type, brandId: row.brandId };
  }
}
