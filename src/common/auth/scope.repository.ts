import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../database/database.tokens';
import { brandAccess, brands, mpAccounts } from '../../database/schema';

/** The ownership and grant lookups behind data scope. */
@Injectable()
export class ScopeRepository {
  /** Prepared once: every account-scoped request runs one, so neither drizzle nor PostgreSQL builds or plans it again. */
  private readonly ownerOf;
  private readonly reachOf;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.ownerOf = db
      .select({ ownerId: mpAccounts.ownerId })
      .from(mpAccounts)
      .where(and(eq(mpAccounts.id, sql.placeholder('mpAccountId')), isNull(mpAccounts.deletedAt)))
      .prepare('scope_account_owner');
    this.reachOf = db
      .select({
        ownerId: mpAccounts.ownerId,
        grantedBrandIds: sql<string[]>`coalesce(array_agg(${brandAccess.brandId}) filter (where ${brandAccess.brandId} is not null), '{}')`,
      })
      .from(mpAccounts)
      .leftJoin(brands, eq(brands.mpAccountId, mpAccounts.id))
      .leftJoin(brandAccess, and(eq(brandAccess.brandId, brands.id), eq(brandAccess.userId, sql.placeholder('userId'))))
      .where(and(eq(mpAccounts.id, sql.placeholder('mpAccountId')), isNull(mpAccounts.deletedAt)))
      .groupBy(mpAccounts.id)
      .prepare('scope_manager_reach');
  }

  async accountOwner(mpAccountId: string): Promise<string | null> {
    const [row] = await this.ownerOf.execute({ mpAccountId });
    return row?.ownerId ?? null;
  }

  /** The owner of a live account and the account's brands granted to a manager; undefined for a missing or deleted account. */
  async managerReach(userId: string, mpAccountId: string): Promise<{ ownerId: string; grantedBrandIds: string[] } | undefined> {
    const [row] = await this.reachOf.execute({ userId, mpAccountId });
    return row;
  }

  async brandAccount(brandId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ mpAccountId: brands.mpAccountId }).from(brands).where(eq(brands.id, brandId));
    return row?.mpAccountId;
  }

  async brandAccountOwner(brandId: string): Promise<{ ownerId: string } | null> {
    const [row] = await this.db
      .select({ ownerId: mpAccounts.ownerId })
      .from(brands)
      .innerJoin(mpAccounts, and(eq(mpAccounts.id, brands.mpAccountId), isNull(mpAccounts.deletedAt)))
      .where(eq(brands.id, brandId));
    return row ?? null;
  }

  async hasBrandGrant(userId: string, brandId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: brandAccess.id })
      .from(brandAccess)
      .where(and(eq(brandAccess.userId, userId), eq(brandAccess.brandId, brandId)));
    return Boolean(row);
  }
}
