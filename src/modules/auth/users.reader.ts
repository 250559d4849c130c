import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';

import type { Role } from '../../common/auth/authenticated-user';
import { DATABASE, Database } from '../../database/database.tokens';
import { users } from '../../database/schema';

/** What other modules may read of the users, which the identity module alone writes. */
@Injectable()
export class UsersReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The role of a user who exists and is not deleted, or undefined. */
  async roleOf(userId: string): Promise<Role | undefined> {
    const [row] = await this.db
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    return row?.role;
  }
}
