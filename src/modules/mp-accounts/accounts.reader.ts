import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';

import type { SealedSecret } from '../../common/crypto/key-ring';
import { DATABASE, Database } from '../../database/database.tokens';
import { mpAccounts, sealedKeyColumns } from '../../database/schema';

const notDeleted = isNull(mpAccounts.deletedAt);

/** What other modules may read of the accounts table, which this module alone writes. */
@Injectable()
export class AccountsReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Accounts that are active and not deleted: the ones schedules fan out over. */
  async activeIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: mpAccounts.id })
      .from(mpAccounts)
      .where(and(eq(mpAccounts.isActive, true), notDeleted));
    return rows.map((row) => row.id);
  }

  /** The account is not deleted (active or not). */
  async exists(accountId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mpAccounts.id })
      .from(mpAccounts)
      .where(and(eq(mpAccounts.id, accountId), notDeleted));
    return row !== undefined;
  }

  /** The owner of an account that is not deleted: who hears of its scheduled work. */
  async ownerOf(accountId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ ownerId: mpAccounts.ownerId })
      .from(mpAccounts)
      .where(and(eq(mpAccounts.id, accountId), notDeleted));
    return row?.ownerId;
  }

  /** The ids of the user's accounts, as a subquery for a condition of another module's query. */
  ownedIds(ownerId: string) {
    return this.db
      .select({ id: mpAccounts.id })
      .from(mpAccounts)
      .where(and(eq(mpAccounts.ownerId, ownerId), notDeleted));
  }

  /** The sealed marketplace key of an account that is not deleted. */
  async sealedKey(accountId: string): Promise<SealedSecret | undefined> {
    const [row] = await this.db
      .select(sealedKeyColumns)
      .from(mpAccounts)
      .where(and(eq(mpAccounts.id, accountId), notDeleted));
    return row;
  }
}
