import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';

import type { SealedSecret } from '../common/crypto/key-ring';
import { DATABASE, Database } from '../database/database.tokens';
import { brandAccess, brands, mpAccounts, sealedKeyColumns } from '../database/schema';

const notDeleted = isNull(mpAccounts.deletedAt);

/**
 * Every read of the accounts, their brands and the managers' brand grants outside the modules that write them: data
 * scope, schedules, the marketplace key source and the modules' own questions.
 */
@Injectable()
export class AccountsReader {
  /** Prepared once: every account-scoped request runs one, so neither drizzle nor PostgreSQL builds or plans it again. */
  private readonly ownerQuery;
  private readonly reachQuery;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.ownerQuery = db
      .select({ ownerId: mpAccounts.ownerId })
      .from(mpAccounts)
      .where(and(eq(mpAccounts.id, sql.placeholder('mpAccountId')), notDeleted))
      .prepare('scope_account_owner');
    this.reachQuery = db
      .select({
        ownerId: mpAccounts.ownerId,
        grantedBrandIds: sql<string[]>`coalesce(array_agg(${brandAccess.brandId}) filter (where ${brandAccess.brandId} is not null), '{}')`,
      })
      .from(mpAccounts)
      .leftJoin(brands, eq(brands.mpAccountId, mpAccounts.id))
      .leftJoin(brandAccess, and(eq(brandAccess.brandId, brands.id), eq(brandAccess.userId, sql.placeholder('userId'))))
      .where(and(eq(mpAccounts.id, sql.placeholder('mpAccountId')), notDeleted))
      .groupBy(mpAccounts.id)
      .prepare('scope_manager_reach');
  }

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

  /** The owner of an account that is not deleted: who may reach it, and who hears of its scheduled work. */
  async ownerOf(accountId: string): Promise<string | undefined> {
    const [row] = await this.ownerQuery.execute({ mpAccountId: accountId });
    return row?.ownerId;
  }

  /**
   * When the account was connected: the service's own records of it (price changes, repricer runs) start then, and a
   * KPI window before it holds nothing to compare with.
   */
  async connectedAt(accountId: string): Promise<Date | null> {
    const [row] = await this.db.select({ createdAt: mpAccounts.createdAt }).from(mpAccounts).where(eq(mpAccounts.id, accountId));
    return row?.createdAt ?? null;
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

  /** The owner of a live account and the account's brands granted to a manager; undefined for a missing or deleted account. */
  async managerReach(userId: string, accountId: string): Promise<{ ownerId: string; grantedBrandIds: string[] } | undefined> {
    const [row] = await this.reachQuery.execute({ userId, mpAccountId: accountId });
    return row;
  }

  /** The account a brand belongs to. */
  async brandAccount(brandId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ mpAccountId: brands.mpAccountId }).from(brands).where(eq(brands.id, brandId));
    return row?.mpAccountId;
  }

  /** The owner of the live account a brand belongs to. */
  async brandOwner(brandId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ ownerId: mpAccounts.ownerId })
      .from(brands)
      .innerJoin(mpAccounts, and(eq(mpAccounts.id, brands.mpAccountId), notDeleted))
      .where(eq(brands.id, brandId));
    return row?.ownerId;
  }

  async hasBrandGrant(userId: string, brandId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: brandAccess.id })
      .from(brandAccess)
      .where(and(eq(brandAccess.userId, userId), eq(brandAccess.brandId, brandId)));
    return Boolean(row);
  }
}
