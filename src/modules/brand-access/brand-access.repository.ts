import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, SQL } from 'drizzle-orm';

import { Page } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { sortedPage, SortedPageRequest } from '../../database/query-page';
import { brandAccess, brands } from '../../database/schema';
import { BrandAccessResponseDto } from './brand-access.dto';

const GRANT = {
  id: brandAccess.id,
  userId: brandAccess.userId,
  brandId: brandAccess.brandId,
  brandName: brands.name,
  mpAccountId: brands.mpAccountId,
  grantedBy: brandAccess.grantedBy,
  createdAt: brandAccess.createdAt,
};

const SORT_COLUMNS = { createdAt: brandAccess.createdAt };

export interface BrandAccessListFilter extends SortedPageRequest<keyof typeof SORT_COLUMNS> {
  userId?: string;
  brandId?: string;
  mpAccountId?: string;
}

@Injectable()
export class BrandAccessRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Idempotent: granting twice returns the existing grant. */
  async grant(userId: string, brandId: string, grantedBy: string): Promise<string> {
    await this.db.insert(brandAccess).values({ userId, brandId, grantedBy }).onConflictDoNothing();
    const [row] = await this.db
      .select({ id: brandAccess.id })
      .from(brandAccess)
      .where(and(eq(brandAccess.userId, userId), eq(brandAccess.brandId, brandId)));
    return row.id;
  }

  async findById(id: string): Promise<BrandAccessResponseDto | undefined> {
    const [row] = await this.db
      .select(GRANT)
      .from(brandAccess)
      .innerJoin(brands, eq(brands.id, brandAccess.brandId))
      .where(eq(brandAccess.id, id));
    return row;
  }

  async revoke(id: string): Promise<boolean> {
    const deleted = await this.db.delete(brandAccess).where(eq(brandAccess.id, id)).returning({ id: brandAccess.id });
    return deleted.length > 0;
  }

  async findPage(query: BrandAccessListFilter): Promise<Page<BrandAccessResponseDto>> {
    const where = and(
      ...([
        query.userId ? eq(brandAccess.userId, query.userId) : undefined,
        query.brandId ? eq(brandAccess.brandId, query.brandId) : undefined,
        query.mpAccountId ? eq(brands.mpAccountId, query.mpAccountId) : undefined,
      ] as (SQL | undefined)[]),
    );
    return sortedPage(
      query,
      { columns: SORT_COLUMNS, tiebreaker: brandAccess.id },
      this.db.select(GRANT).from(brandAccess).innerJoin(brands, eq(brands.id, brandAccess.brandId)).where(where).$dynamic(),
      this.db.select({ total: count() }).from(brandAccess).innerJoin(brands, eq(brands.id, brandAccess.brandId)).where(where),
    );
  }
}
