import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../database/database.tokens';
import { users } from '../../database/schema';

/**
 * Spec: Authentication 6. Every password check is counted before it runs, in one statement, so that parallel
 * attempts cannot read the same count: the attempt that reaches the limit locks the user, and the ones after it
 * are refused without a check. A success resets the count; an expired lock starts a new series.
 */
@Injectable()
export class LoginAttemptsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The attempt's number in its series, or null when the user is locked (no check may run). */
  async begin(userId: string, maxAttempts: number, lockoutMs: number): Promise<number | null> {
    const expired = lte(users.lockedUntil, sql`now()`);
    const attempt = sql<number>`case when ${expired} then 1 else ${users.failedLoginCount} + 1 end`;
    const [row] = await this.db
      .update(users)
      .set({
        failedLoginCount: attempt,
        lockedUntil: sql`case when ${attempt} >= ${maxAttempts} then now() + make_interval(secs => ${lockoutMs / 1000}) when ${expired} then null else ${users.lockedUntil} end`,
      })
      .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), expired)))
      .returning({ attempt: users.failedLoginCount });
    return row ? row.attempt : null;
  }

  async reset(userId: string): Promise<void> {
    await this.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
  }
}
