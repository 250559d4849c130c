import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../common/auth/data-scope';
import type { EntityAccounts } from '../../common/auth/scope.guard';
import type { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { PageRequest, queryPage } from '../../database/query-page';
import { contentDrafts, ContentDraftStatus, ContentIssue, ContentTexts, products } from '../../database/schema';

export type ContentDraftRow = typeof contentDrafts.$inferSelect;
export type NewContentDraft = Omit<typeof contentDrafts.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/** The statuses of a card's open draft: one a newer draft supersedes. */
const OPEN: ContentDraftStatus[] = ['draft', 'approved'];

/** A manager sees the drafts of the cards of their brands: the card's product row carries its brand. */
function inBrands(scope: DataScope): SQL | undefined {
  if (scope.brandIds === 'all') return undefined;
  if (scope.brandIds.length === 0) return sql`false`;
  return sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.mpAccountId} = ${contentDrafts.mpAccountId}
    AND ${products.nmId} = ${contentDrafts.nmId} AND ${products.brandId} IN ${scope.brandIds})`;
}

/** Every query of the content drafts. */
@Injectable()
export class ContentDraftsRepository implements EntityAccounts {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The account of a draft, for @EntityScope. */
  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ mpAccountId: contentDrafts.mpAccountId }).from(contentDrafts).where(eq(contentDrafts.id, id));
    return row?.mpAccountId;
  }

  /** A draft within the scope (its account, and the user's brands). */
  async findInScope(scope: DataScope, id: string): Promise<ContentDraftRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contentDrafts)
      .where(and(eq(contentDrafts.id, id), eq(contentDrafts.mpAccountId, scope.accountId), inBrands(scope)));
    return row;
  }

  async find(id: string): Promise<ContentDraftRow | undefined> {
    const [row] = await this.db.select().from(contentDrafts).where(eq(contentDrafts.id, id));
    return row;
  }

  list(scope: DataScope, filter: { status?: ContentDraftStatus }, page: PageRequest): Promise<Page<ContentDraftRow>> {
    const where = and(
      eq(contentDrafts.mpAccountId, scope.accountId),
      filter.status ? eq(contentDrafts.status, filter.status) : undefined,
      inBrands(scope),
    );
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select()
          .from(contentDrafts)
          .where(where)
          .orderBy(desc(contentDrafts.createdAt), desc(contentDrafts.id))
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(contentDrafts).where(where),
    );
  }

  /** A new draft of a card, superseding its open one in the same transaction (one open draft a card). */
  async insertSuperseding(draft: NewContentDraft): Promise<ContentDraftRow> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(contentDrafts)
        .set({ status: 'superseded', updatedAt: new Date() })
        .where(
          and(eq(contentDrafts.mpAccountId, draft.mpAccountId), eq(contentDrafts.nmId, draft.nmId), inArray(contentDrafts.status, OPEN)),
        );
      const [row] = await tx.insert(contentDrafts).values(draft).returning();
      return row;
    });
  }

  /** The seller's edit of a draft still in draft, rescored; undefined when it has moved on. */
  async saveEdit(id: string, proposed: ContentTexts, scoreAfter: number, issues: ContentIssue[]): Promise<ContentDraftRow | undefined> {
    const [row] = await this.db
      .update(contentDrafts)
      .set({ proposed, scoreAfter, issues, note: null, updatedAt: new Date() })
      .where(and(eq(contentDrafts.id, id), eq(contentDrafts.status, 'draft')))
      .returning();
    return row;
  }

  /** A draft in draft → approved, starting its next publication; undefined when it is not in draft. */
  async approve(id: string, userId: string): Promise<ContentDraftRow | undefined> {
    const [row] = await this.db
      .update(contentDrafts)
      .set({
        status: 'approved',
        approvedBy: userId,
        approvedAt: new Date(),
        note: null,
        mpError: null,
        publication: sql`${contentDrafts.publication} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(contentDrafts.id, id), eq(contentDrafts.status, 'draft')))
      .returning();
    return row;
  }

  /** Moves a draft of one status to another with the given fields; undefined when it was not in `from`. */
  async move(
    id: string,
    from: ContentDraftStatus,
    to: ContentDraftStatus,
    fields: Partial<Pick<ContentDraftRow, 'note' | 'mpError' | 'sentAt' | 'publishedAt' | 'rejectedAt'>> = {},
  ): Promise<ContentDraftRow | undefined> {
    const [row] = await this.db
      .update(contentDrafts)
      .set({ status: to, ...fields, updatedAt: new Date() })
      .where(and(eq(contentDrafts.id, id), eq(contentDrafts.status, from)))
      .returning();
    return row;
  }
}
