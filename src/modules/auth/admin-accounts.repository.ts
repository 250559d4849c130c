import { Inject, Injectable } from '@nestjs/common';
import { and, isNull, sql } from 'drizzle-orm';

import type { Role } from '../../common/auth/authenticated-user';
import { DATABASE, Database } from '../../database/database.tokens';
import { users } from '../../database/schema';

const sameEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** Admins made outside the API: created at start or from the command line, promoted only on request. */
@Injectable()
export class AdminAccountsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Creates the admin; when the e-mail is taken nothing changes and the holder's role is answered. */
  async createAdmin(input: {
    email: string;
    displayName: string;
    passwordHash: string;
  }): Promise<{ created: true } | { created: false; role: Role | null }> {
    // The conflict target is the lower(email) index, which Drizzle's builder cannot name.
    const inserted = await this.db.execute(sql`
      insert into ${users} (email, display_name, password_hash, role)
      values (${input.email}, ${input.displayName}, ${input.passwordHash}, 'admin')
      on conflict (lower(email)) do nothing
      returning id`);
    if (inserted.rows.length > 0) return { created: true };
    const [holder] = await this.db
      .select({ role: users.role })
      .from(users)
      .where(and(sameEmail(input.email), isNull(users.deletedAt)));
    return { created: false, role: holder?.role ?? null };
  }

  /** Makes an existing user admin; the user's id and former role, or null when no such user exists. */
  async promote(email: string): Promise<{ id: string; from: Role } | null> {
    const result = await this.db.execute<{ id: string; from: Role }>(sql`
      update ${users} set role = 'admin', updated_at = now()
      from (select id, role from ${users} where lower(email) = lower(${email}) and deleted_at is null for update) as previous
      where ${users.id} = previous.id
      returning ${users.id} as id, previous.role as "from"`);
    return result.rows[0] ?? null;
  }
}
