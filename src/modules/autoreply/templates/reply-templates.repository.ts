import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { EntityAccounts } from '../../../common/auth/scope.guard';
import type { Page } from '../../../common/http/pagination.dto';
import type { CappedInsert } from '../../../database/capped-insert';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { ReplyKindScope, replyTemplates } from '../../../database/schema';
import { SoftDeleteRows } from '../../../database/soft-delete-rows';

export type ReplyTemplateRow = typeof replyTemplates.$inferSelect;
export type ReplyTemplateValues = Pick<typeof replyTemplates.$inferInsert, 'mpAccountId' | 'name' | 'type' | 'text'>;

const SORT_COLUMNS = { createdAt: replyTemplates.createdAt, name: replyTemplates.name };

/** The live templates of an account, of one type if given, in one order. */
export interface ReplyTemplateListFilter extends Pick<DataScope, 'accountId'>, SortedPageRequest<keyof typeof SORT_COLUMNS> {
  type?: ReplyKindScope;
}

/** Every query of the reply templates; a soft-deleted template is invisible to all of them. */
@Injectable()
export class ReplyTemplatesRepository implements EntityAccounts {
  private readonly rows: SoftDeleteRows<typeof replyTemplates>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.rows = new SoftDeleteRows(db, replyTemplates);
  }

  /** A live template of the account, or undefined when it is missing, deleted or another account's. */
  findLive(mpAccountId: string, id: string): Promise<ReplyTemplateRow | undefined> {
    return this.rows.findLive(mpAccountId, id);
  }

  /** The account of a live template, for @EntityScope. */
  accountOf(id: string): Promise<string | undefined> {
    return this.rows.accountOf(id);
  }

  /** Inserts unless the account already holds `max` live rows; `row` is undefined then. */
  insertWithin(values: ReplyTemplateValues, max: number): Promise<CappedInsert<ReplyTemplateRow>> {
    return this.rows.insertWithin(values, max);
  }

  findPage(filter: ReplyTemplateListFilter): Promise<Page<ReplyTemplateRow>> {
    const where = and(
      eq(replyTemplates.mpAccountId, filter.accountId),
      isNull(replyTemplates.deletedAt),
      filter.type ? eq(replyTemplates.type, filter.type) : undefined,
    );
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: replyTemplates.id },
      this.db.select().from(replyTemplates).where(where).$dynamic(),
      this.db.select({ total: count() }).from(replyTemplates).where(where),
    );
  }

  updateLive(id: string, values: Partial<Omit<ReplyTemplateValues, 'mpAccountId'>>): Promise<ReplyTemplateRow | undefined> {
    return this.rows.updateLive(id, values);
  }

  softDelete(id: string): Promise<boolean> {
    return this.rows.softDelete(id);
  }
}
