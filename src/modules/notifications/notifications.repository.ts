import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNotNull, isNull, SQL, sql } from 'drizzle-orm';

import { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../database/query-page';
import { notifications } from '../../database/schema';

export type NotificationRow = Omit<typeof notifications.$inferSelect, 'userId'>;

const PUBLIC_COLUMNS = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  payload: notifications.payload,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

const SORT_COLUMNS = { createdAt: notifications.createdAt };

export interface NotificationListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  unread?: boolean;
  kind?: string;
  mpAccountId?: string;
}

@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(row: typeof notifications.$inferInsert): Promise<NotificationRow> {
    const [created] = await this.db.insert(notifications).values(row).returning(PUBLIC_COLUMNS);
    return created;
  }

  async findPageForUser(userId: string, query: NotificationListFilter): Promise<Page<NotificationRow>> {
    const conditions: (SQL | undefined)[] = [eq(notifications.userId, userId)];
    if (query.unread !== undefined) conditions.push(query.unread ? isNull(notifications.readAt) : isNotNull(notifications.readAt));
    if (query.kind !== undefined) conditions.push(eq(notifications.type, query.kind));
    if (query.mpAccountId !== undefined) conditions.push(sql`${notifications.payload}->>'mpAccountId' = ${query.mpAccountId}`);
    const where = and(...conditions);
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: notifications.id },
      this.db.select(PUBLIC_COLUMNS).from(notifications).where(where).$dynamic(),
      this.db.select({ total: count() }).from(notifications).where(where),
    );
  }

  async countUnreadForUser(userId: string): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return total;
  }

  /** Marks one of the user's notifications read (keeps the first read time); undefined when it is not the user's. */
  async markReadForUser(userId: string, id: string): Promise<NotificationRow | undefined> {
    const [existing] = await this.db
      .select(PUBLIC_COLUMNS)
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    if (!existing || existing.readAt) return existing;
    const [updated] = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning(PUBLIC_COLUMNS);
    return updated;
  }

  async markAllReadForUser(userId: string): Promise<number> {
    const updated = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return updated.length;
  }
}
