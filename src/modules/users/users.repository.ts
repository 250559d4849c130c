import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, ilike, isNull, or, sql, SQL } from 'drizzle-orm';
import type { Role } from '../../common/auth/authenticated-user';
import { Page } from '../../common/http/pagination.dto';
import { escapeLike } from '../../database/like';
import { DATABASE, Database } from '../../database/database.tokens';
import { orderBy } from '../../database/order-by';
import { queryPage } from '../../database/query-page';
import { users } from '../../database/schema';
import { UserListQueryDto, UserProfileDto } from './users.dto';

export type UserRow = typeof users.$inferSelect;

const PROFILE = { id: users.id, email: users.email, displayName: users.displayName, role: users.role, createdAt: users.createdAt };
const notDeleted = isNull(users.deletedAt);

@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async create(input: { email: string; displayName: string; passwordHash: string; role?: Role }): Promise<UserProfileDto> {
    const [created] = await this.db.insert(users).values(input).returning(PROFILE);
    return created;
  }

  /** Creates the admin, or promotes an existing user; the password is set only when the user is created. */
  async upsertAdmin(input: { email: string; displayName: string; passwordHash: string }): Promise<{ created: boolean }> {
    // The conflict target is the lower(email) index, which Drizzle's builder cannot name; xmax = 0 means inserted.
    const result = await this.db.execute<{ created: boolean }>(sql`
      insert into ${users} (email, display_name, password_hash, role)
      values (${input.email}, ${input.displayName}, ${input.passwordHash}, 'admin')
      on conflict (lower(email)) do update set role = 'admin', updated_at = now(), deleted_at = null
      returning (xmax = 0) as created`);
    return result.rows[0];
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(sql`lower(${users.email}) = lower(${email})`, notDeleted));
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(and(eq(users.id, id), notDeleted));
    return row;
  }

  async profile(id: string): Promise<UserProfileDto | undefined> {
    const [row] = await this.db.select(PROFILE).from(users).where(and(eq(users.id, id), notDeleted));
    return row;
  }

  async update(id: string, changes: Partial<Pick<UserRow, 'displayName' | 'passwordHash' | 'role'>>): Promise<UserProfileDto | undefined> {
    const [row] = await this.db.update(users).set({ ...changes, updatedAt: new Date() }).where(and(eq(users.id, id), notDeleted)).returning(PROFILE);
    return row;
  }

  /**
   * Counts a failed login atomically; at the limit the user is locked until now + lockoutMs and the count restarts.
   * Returns whether this failure locked the user.
   */
  async recordFailedLogin(id: string, maxAttempts: number, lockoutMs: number): Promise<{ locked: boolean }> {
    const [row] = await this.db
      .update(users)
      .set({
        failedLoginCount: sql`case when ${users.failedLoginCount} + 1 >= ${maxAttempts} then 0 else ${users.failedLoginCount} + 1 end`,
        lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${maxAttempts} then now() + make_interval(secs => ${lockoutMs / 1000}) else ${users.lockedUntil} end`,
      })
      .where(eq(users.id, id))
      .returning({ lockedUntil: users.lockedUntil });
    return { locked: Boolean(row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) };
  }

  async resetFailedLogins(id: string): Promise<void> {
    await this.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, id));
  }

  async findPage(query: UserListQueryDto): Promise<Page<UserProfileDto>> {
    const conditions: (SQL | undefined)[] = [notDeleted, query.role ? eq(users.role, query.role) : undefined];
    if (query.q) conditions.push(or(ilike(users.email, `%${escapeLike(query.q)}%`), ilike(users.displayName, `%${escapeLike(query.q)}%`)));
    const where = and(...conditions);
    return queryPage(
      query,
      (limit, offset) =>
        this.db
          .select(PROFILE)
          .from(users)
          .where(where)
          .orderBy(...orderBy({ email: users.email, createdAt: users.createdAt }, query.sortBy, query.sortDirection, users.id))
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(users).where(where),
    );
  }
}
