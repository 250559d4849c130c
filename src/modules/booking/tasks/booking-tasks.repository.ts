import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';

import type { EntityAccounts } from '../../../common/auth/scope.guard';
import type { Page } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { PageRequest, queryPage, sortedPage, SortedPageRequest } from '../../../database/query-page';
import { bookingMatches, bookingTasks, BookingTaskStatus, bookingWarehouses } from '../../../database/schema/booking';

export type BookingTaskRow = typeof bookingTasks.$inferSelect;
export type BookingTaskValues = Omit<typeof bookingTasks.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
export type BookingMatchRow = typeof bookingMatches.$inferSelect;

const SORT_COLUMNS = { createdAt: bookingTasks.createdAt };

export interface BookingTaskListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  accountId: string;
  status?: BookingTaskStatus;
}

/** Every query of the tasks' routes. */
@Injectable()
export class BookingTasksRepository implements EntityAccounts {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async accountOf(id: string): Promise<string | undefined> {
    const [row] = await this.db.select({ accountId: bookingTasks.mpAccountId }).from(bookingTasks).where(eq(bookingTasks.id, id));
    return row?.accountId;
  }

  async insert(values: BookingTaskValues): Promise<BookingTaskRow> {
    const [row] = await this.db.insert(bookingTasks).values(values).returning();
    return row;
  }

  async find(mpAccountId: string, id: string): Promise<BookingTaskRow | undefined> {
    const [row] = await this.db
      .select()
      .from(bookingTasks)
      .where(and(eq(bookingTasks.mpAccountId, mpAccountId), eq(bookingTasks.id, id)));
    return row;
  }

  findPage(filter: BookingTaskListFilter): Promise<Page<BookingTaskRow>> {
    const where = and(eq(bookingTasks.mpAccountId, filter.accountId), filter.status ? eq(bookingTasks.status, filter.status) : undefined);
    return sortedPage(
      filter,
      { columns: SORT_COLUMNS, tiebreaker: bookingTasks.id },
      this.db.select().from(bookingTasks).where(where).$dynamic(),
      this.db.select({ total: count() }).from(bookingTasks).where(where),
    );
  }

  /** A task that stops watching (paused, cancelled) no longer vouches for its open matches: they are gone from now. */
  async closeOpenMatches(taskId: string): Promise<void> {
    await this.db
      .update(bookingMatches)
      .set({ goneAt: sql`now()` })
      .where(and(eq(bookingMatches.taskId, taskId), isNull(bookingMatches.goneAt)));
  }

  /** Changes the task while it is in one of `from`; undefined when it is not (any more). */
  async updateFrom(
    id: string,
    from: readonly BookingTaskStatus[],
    values: Partial<BookingTaskValues> & { status?: BookingTaskStatus },
  ): Promise<BookingTaskRow | undefined> {
    const [row] = await this.db
      .update(bookingTasks)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(bookingTasks.id, id), inArray(bookingTasks.status, [...from])))
      .returning();
    return row;
  }

  /** The account's tasks that found slots or whose supply is on its way, each with the cells of all its matches. */
  async inFlight(mpAccountId: string): Promise<(BookingTaskRow & { matches: { warehouseId: number; date: string }[] })[]> {
    const tasks = await this.db
      .select()
      .from(bookingTasks)
      .where(and(eq(bookingTasks.mpAccountId, mpAccountId), inArray(bookingTasks.status, ['matched', 'booked'])));
    if (tasks.length === 0) return [];
    const cells = await this.db
      .select({ taskId: bookingMatches.taskId, warehouseId: bookingMatches.warehouseId, date: bookingMatches.date })
      .from(bookingMatches)
      .where(
        inArray(
          bookingMatches.taskId,
          tasks.map((task) => task.id),
        ),
      );
    return tasks.map((task) => ({ ...task, matches: cells.filter((cell) => cell.taskId === task.id) }));
  }

  /** A task's matches, newest first, each with its warehouse's name as the service knows it (null before any read). */
  matchesPage(taskId: string, page: PageRequest): Promise<Page<BookingMatchRow & { warehouseName: string | null }>> {
    const where = eq(bookingMatches.taskId, taskId);
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select({ ...getTableColumns(bookingMatches), warehouseName: bookingWarehouses.name })
          .from(bookingMatches)
          .leftJoin(
            bookingWarehouses,
            and(
              eq(bookingWarehouses.mpAccountId, bookingMatches.mpAccountId),
              eq(bookingWarehouses.warehouseId, bookingMatches.warehouseId),
            ),
          )
          .where(where)
          .orderBy(desc(bookingMatches.seenAt), bookingMatches.id)
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(bookingMatches).where(where),
    );
  }
}
