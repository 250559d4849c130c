import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull, or, SQL, sql } from 'drizzle-orm';

import type { Role } from '../../common/auth/authenticated-user';
import { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { containsText } from '../../database/like';
import { sortedPage, SortedPageRequest } from '../../database/query-page';
import { users } from '../../database/schema';
import { UserProfileDto } from './users.dto';

export type UserRow = typeof users.$inferSelect;

const PROFILE = { id: users.id, email: users.email, displayName: users.displayName, role: users.role, createdAt: users.createdAt };
const notDeleted = isNull(users.deletedAt);

const SORT_COLUMNS = { email: users.email, createdAt: users.createdAt };

export interface UserListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  role?: Role;
  /** A substring of the e-mail or the display name, any case. */
  q?: string;
}

@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async create(input: { email: string; displayName: string; passwordHash: string; role?: Role }): Promise<UserProfileDto> {
    const [created] = await this.db.insert(users).values(input).returning(PROFILE);
    return created;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, notDeleted));
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), notDeleted));
    return row;
  }

  async profile(id: string): Promise<UserProfileDto | undefined> {
    const [row] = await this.db
      .select(PROFILE)
      .from(users)
      .where(and(eq(users.id, id), notDeleted));
    return row;
  }

  async update(id: string, changes: Partial<Pick<UserRow, 'displayName' | 'passwordHash' | 'role'>>): Promise<UserProfileDto | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.id, id), notDeleted))
      .returning(PROFILE);
    return row;
  }

  async findPage(query: UserListFilter): Promise<Page<UserProfileDto>> {
    const conditions: (SQL | undefined)[] = [notDeleted, query.role ? eq(users.role, query.role) : undefined];
    if (query.q) conditions.push(or(containsText(users.email, query.q), containsText(users.displayName, query.q)));
    const where = and(...conditions);
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: users.id },
      this.db.select(PROFILE).from(users).where(where).$dynamic(),
      this.db.select({ total: count() }).from(users).where(where),
    );
  }
}
