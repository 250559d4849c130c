import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gte, inArray, lt, or, SQL } from 'drizzle-orm';

import { AccountsReader } from '../../accounts/accounts.reader';
import { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../database/query-page';
import { auditLogs } from '../../database/schema';

export type AuditLogRow = typeof auditLogs.$inferSelect;

const SORT_COLUMNS = { createdAt: auditLogs.createdAt };

export interface AuditLogListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  action?: string;
  mpAccountId?: string;
  userId?: string;
  /** ISO date-times: from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

@Injectable()
export class AuditRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly accounts: AccountsReader,
  ) {}

  async insert(row: typeof auditLogs.$inferInsert): Promise<void> {
    await this.db.insert(auditLogs).values(row);
  }

  /** visibleTo: null for admin (everything), otherwise records of the user's accounts and of the user. */
  async findPage(query: AuditLogListFilter, visibleTo: string | null): Promise<Page<AuditLogRow>> {
    const conditions: (SQL | undefined)[] = [
      query.action ? eq(auditLogs.action, query.action) : undefined,
      query.mpAccountId ? eq(auditLogs.mpAccountId, query.mpAccountId) : undefined,
      query.userId ? eq(auditLogs.userId, query.userId) : undefined,
      query.from ? gte(auditLogs.createdAt, new Date(query.from)) : undefined,
      query.to ? lt(auditLogs.createdAt, new Date(query.to)) : undefined,
    ];
    if (visibleTo) {
      conditions.push(or(eq(auditLogs.userId, visibleTo), inArray(auditLogs.mpAccountId, this.accounts.ownedIds(visibleTo))));
    }
    const where = and(...conditions);
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: auditLogs.id },
      this.db.select().from(auditLogs).where(where).$dynamic(),
      this.db.select({ total: count() }).from(auditLogs).where(where),
    );
  }
}
