import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../database/database.tokens';
import { users } from '../../database/schema';
import type { Role } from './authenticated-user';

/**
 * Whether an access token's role is still the user's. Checked on every authenticated request, so that a role change
 * takes effect at the user's next request. The role is compared rather than a token version kept per user: both
 * cost the same one primary-key read per request, and the role needs no extra column, claim or bump on change.
 */
@Injectable()
export class TokenRoles {
  /** Prepared once: every authenticated request runs it, so neither drizzle nor PostgreSQL builds or plans it again. */
  private readonly outdatedQuery;

  constructor(@Inject(DATABASE) db: Database) {
    this.outdatedQuery = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, sql.placeholder('userId')), or(ne(users.role, sql.placeholder('role')), isNotNull(users.deletedAt))))
      .prepare('token_role_outdated');
  }

  /** True when the user's role is no longer `role`, or the user was deleted. */
  async outdated(userId: string, role: Role): Promise<boolean> {
    return (await this.outdatedQuery.execute({ userId, role })).length > 0;
  }
}
