import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { EntityAccounts } from '../../../common/auth/scope.guard';
import type { Page } from '../../../common/http/pagination.dto';
import type { CappedInsert } from '../../../database/capped-insert';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { ReplyKindScope, replyScenarios } from '../../../database/schema';
import { SoftDeleteRows } from '../../../database/soft-delete-rows';

export type ReplyScenarioRow = typeof replyScenarios.$inferSelect;
export type ReplyScenarioValues = Omit<typeof replyScenarios.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const SORT_COLUMNS = { createdAt: replyScenarios.createdAt, priority: replyScenarios.priority };

/** The live scenarios of an account, of one kind or activity if given, in one order. */
export interface ReplyScenarioListFilter extends Pick<DataScope, 'accountId'>, SortedPageRequest<keyof typeof SORT_COLUMNS> {
  kind?: ReplyKindScope;
  isActive?: boolean;
}

/** Every query of the reply scenarios; a soft-deleted scenario is invisible to all of them. */
@Injectable()
export class ReplyScenariosRepository implements EntityAccounts {
  private readonly rows: SoftDeleteRows<typeof replyScenarios>;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.rows = new SoftDeleteRows(db, replyScenarios);
  }

  /** The active, live scenarios of an account: the candidates of the choice (Reply rule 1). */
  async activeOf(mpAccountId: string): Promise<ReplyScenarioRow[]> {
    return this.db
      .select()
      .from(replyScenarios)
      .where(and(eq(replyScenarios.mpAccountId, mpAccountId), eq(replyScenarios.isActive, true), isNull(replyScenarios.deletedAt)));
  }

  /** A live scenario of the account, or undefined when it is missing, deleted or another account's. */
  findLive(mpAccountId: string, id: string): Promise<ReplyScenarioRow | undefined> {
    return this.rows.findLive(mpAccountId, id);
  }

  /** The account of a live scenario, for @EntityScope. */
  accountOf(id: string): Promise<string | undefined> {
    return this.rows.accountOf(id);
  }

  /** Inserts unless the account already holds `max` live rows; `row` is undefined then. */
  insertWithin(values: ReplyScenarioValues, max: number): Promise<CappedInsert<ReplyScenarioRow>> {
    return this.rows.insertWithin(values, max);
  }

  findPage(filter: ReplyScenarioListFilter): Promise<Page<ReplyScenarioRow>> {
    const where = and(
      eq(replyScenarios.mpAccountId, filter.accountId),
      isNull(replyScenarios.deletedAt),
      filter.kind ? eq(replyScenarios.kind, filter.kind) : undefined,
      filter.isActive === undefined ? undefined : eq(replyScenarios.isActive, filter.isActive),
    );
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: replyScenarios.id },
      this.db.select().from(replyScenarios).where(where).$dynamic(),
      this.db.select({ total: count() }).from(replyScenarios).where(where),
    );
  }

  updateLive(id: string, values: Partial<Omit<ReplyScenarioValues, 'mpAccountId'>>): Promise<ReplyScenarioRow | undefined> {
    return this.rows.updateLive(id, values);
  }

  softDelete(id: string): Promise<boolean> {
    return this.rows.softDelete(id);
  }
}
