import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, getTableColumns, inArray } from 'drizzle-orm';

import type { DataScope } from '../../../common/auth/data-scope';
import type { EntityAccounts } from '../../../common/auth/scope.guard';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../../database/query-page';
import { complaints, ComplaintStatus, inboxItems } from '../../../database/schema';
import { OPEN_COMPLAINT_STATUSES } from './complaint-status';

export type ComplaintRow = typeof complaints.$inferSelect;
export type ComplaintValues = Pick<typeof complaints.$inferInsert, 'mpAccountId' | 'inboxItemId' | 'ruleId' | 'reason' | 'text' | 'status'>;
/** The feedback a complaint is about, as the seller reads it next to the complaint; the product is what its deep link filters by. */
export type ComplaintFeedback = Pick<
  typeof inboxItems.$inferSelect,
  'text' | 'pros' | 'cons' | 'rating' | 'createdAt' | 'nmId' | 'productName'
>;
/** A complaint with its feedback. */
export type ComplaintView = ComplaintRow & { feedback: ComplaintFeedback };

const SORT_COLUMNS = { createdAt: complaints.createdAt, updatedAt: complaints.updatedAt };

/** The complaints of an account in some statuses, in one order. */
export interface ComplaintListFilter extends Pick<DataScope, 'accountId'>, SortedPageRequest<keyof typeof SORT_COLUMNS> {
  statuses: ComplaintStatus[];
}

/** Every query of the complaints. */
@Injectable()
export class ComplaintsRepository implements EntityAccounts {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  private views() {
    return this.db
      .select({
        ...getTableColumns(complaints),
        feedback: {
          text: inboxItems.text,
          pros: inboxItems.pros,
          cons: inboxItems.cons,
          rating: inboxItems.rating,
          createdAt: inboxItems.createdAt,
          nmId: inboxItems.nmId,
          productName: inboxItems.productName,
        },
      })
      .from(complaints)
      .innerJoin(inboxItems, eq(inboxItems.id, complaints.inboxItemId));
  }

  /** The account of a complaint, for @EntityScope. */
  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ mpAccountId: complaints.mpAccountId }).from(complaints).where(eq(complaints.id, id));
    return row?.mpAccountId;
  }

  async statusOf(inboxItemId: string): Promise<ComplaintStatus | undefined> {
    const [row] = await this.db.select({ status: complaints.status }).from(complaints).where(eq(complaints.inboxItemId, inboxItemId));
    return row?.status;
  }

  async findView(id: string): Promise<ComplaintView | undefined> {
    const [row] = await this.views().where(eq(complaints.id, id));
    return row;
  }

  /**
   * The feedback's one complaint, written or overwritten in one statement while it is open (draft or pending);
   * undefined when it is already submitted or dismissed. The unique index on the feedback makes concurrent prepares
   * meet in the same row, and the condition keeps a terminal one as it is.
   */
  async upsertOpen(values: ComplaintValues): Promise<ComplaintRow | undefined> {
    const [row] = await this.db
      .insert(complaints)
      .values(values)
      .onConflictDoUpdate({
        target: complaints.inboxItemId,
        set: { ruleId: values.ruleId, reason: values.reason, text: values.text, status: values.status, updatedAt: new Date() },
        setWhere: inArray(complaints.status, OPEN_COMPLAINT_STATUSES),
      })
      .returning();
    return row;
  }

  /** Moves an open complaint to a terminal status; undefined when it is not open (any more). */
  async closeOpen(id: string, status: ComplaintStatus): Promise<ComplaintRow | undefined> {
    const [row] = await this.db
      .update(complaints)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(complaints.id, id), inArray(complaints.status, OPEN_COMPLAINT_STATUSES)))
      .returning();
    return row;
  }

  findPage(filter: ComplaintListFilter): Promise<Page<ComplaintView>> {
    const where = and(eq(complaints.mpAccountId, filter.accountId), inArray(complaints.status, filter.statuses));
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: complaints.id },
      this.views().where(where).$dynamic(),
      this.db.select({ total: count() }).from(complaints).where(where),
    );
  }
}
