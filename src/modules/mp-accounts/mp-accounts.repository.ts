import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull, ne, notInArray, SQL } from 'drizzle-orm';

import type { SealedSecret } from '../../common/crypto/key-ring';
import { Page } from '../../common/http/pagination.dto';
import { CappedInsert, insertWithinCap } from '../../database/capped-insert';
import { DATABASE, Database } from '../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../database/query-page';
import { mpAccounts, sealedKeyColumns } from '../../database/schema';
import { MpAccountResponseDto } from './mp-accounts.dto';

/** What responses show: never the sealed columns. */
const PUBLIC = {
  id: mpAccounts.id,
  name: mpAccounts.name,
  isActive: mpAccounts.isActive,
  keyLast4: mpAccounts.keyLast4,
  keyUpdatedAt: mpAccounts.keyUpdatedAt,
  createdAt: mpAccounts.createdAt,
  updatedAt: mpAccounts.updatedAt,
};
const SORT_COLUMNS = { createdAt: mpAccounts.createdAt, name: mpAccounts.name };
const notDeleted = isNull(mpAccounts.deletedAt);

/** The key columns of a row: the sealed secret and its last 4 characters in the clear. */
export interface StoredKey {
  sealed: SealedSecret;
  last4: string;
}

/** A sealed key as stored, with the account id it is bound to. */
export interface BoundSealedKey {
  accountId: string;
  sealed: SealedSecret;
}

/** What responses show of a whole row, as PUBLIC selects it. */
function publicOf(row: typeof mpAccounts.$inferSelect): MpAccountResponseDto {
  const { id, name, isActive, keyLast4, keyUpdatedAt, createdAt, updatedAt } = row;
  return { id, name, isActive, keyLast4, keyUpdatedAt, createdAt, updatedAt };
}

function keyColumns(sealed: SealedSecret) {
  return { keyId: sealed.keyId, keyNonce: sealed.nonce, keyCiphertext: sealed.ciphertext, keyTag: sealed.tag };
}

@Injectable()
export class MpAccountsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Inserts unless the owner already holds `max` live accounts (insertWithinCap); `row` is undefined then. */
  async insertWithin(
    input: { id: string; ownerId: string; name: string; isActive: boolean; key: StoredKey },
    max: number,
  ): Promise<CappedInsert<MpAccountResponseDto>> {
    const owned = { table: mpAccounts, owner: mpAccounts.ownerId, deletedAt: mpAccounts.deletedAt };
    const { row, live } = await insertWithinCap(this.db, owned, input.ownerId, max, {
      id: input.id,
      ownerId: input.ownerId,
      name: input.name,
      isActive: input.isActive,
      ...keyColumns(input.key.sealed),
      keyLast4: input.key.last4,
    });
    return { row: row && publicOf(row), live };
  }

  async findById(id: string): Promise<MpAccountResponseDto | undefined> {
    const [row] = await this.db
      .select(PUBLIC)
      .from(mpAccounts)
      .where(and(eq(mpAccounts.id, id), notDeleted));
    return row;
  }

  /** ownerId null: every account (admin). */
  async findPage(query: SortedPageRequest<keyof typeof SORT_COLUMNS>, ownerId: string | null): Promise<Page<MpAccountResponseDto>> {
    const where = and(...([notDeleted, ownerId ? eq(mpAccounts.ownerId, ownerId) : undefined] as (SQL | undefined)[]));
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: mpAccounts.id },
      this.db.select(PUBLIC).from(mpAccounts).where(where).$dynamic(),
      this.db.select({ total: count() }).from(mpAccounts).where(where),
    );
  }

  /** A new key replaces the sealed columns and sets keyUpdatedAt. */
  async update(id: string, changes: { name?: string; isActive?: boolean; key?: StoredKey }): Promise<MpAccountResponseDto | undefined> {
    const now = new Date();
    const key = changes.key ? { ...keyColumns(changes.key.sealed), keyLast4: changes.key.last4, keyUpdatedAt: now } : {};
    const [row] = await this.db
      .update(mpAccounts)
      .set({ name: changes.name, isActive: changes.isActive, ...key, updatedAt: now })
      .where(and(eq(mpAccounts.id, id), notDeleted))
      .returning(PUBLIC);
    return row;
  }

  async softDelete(id: string): Promise<boolean> {
    const deleted = await this.db
      .update(mpAccounts)
      .set({ deletedAt: new Date() })
      .where(and(eq(mpAccounts.id, id), notDeleted))
      .returning({ id: mpAccounts.id });
    return deleted.length > 0;
  }

  /**
   * One rotation batch in one transaction: locks up to `limit` rows (deleted ones too) sealed under a key other than
   * the active one, skipping rows another run holds, writes what `reseal` returns (null leaves the row as it is) and
   * commits. Returns how many rows were locked and how many re-sealed.
   */
  async resealBatch(
    activeKeyId: string,
    excludeIds: readonly string[],
    limit: number,
    reseal: (key: BoundSealedKey) => SealedSecret | null,
  ): Promise<{ locked: number; resealed: number }> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: mpAccounts.id, ...sealedKeyColumns })
        .from(mpAccounts)
        .where(and(ne(mpAccounts.keyId, activeKeyId), excludeIds.length ? notInArray(mpAccounts.id, [...excludeIds]) : undefined))
        .orderBy(mpAccounts.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      let resealed = 0;
      for (const { id, ...sealed } of rows) {
        const next = reseal({ accountId: id, sealed });
        if (!next) continue;
        await tx.update(mpAccounts).set(keyColumns(next)).where(eq(mpAccounts.id, id));
        resealed += 1;
      }
      return { locked: rows.length, resealed };
    });
  }
}
