import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, ne, SQL } from 'drizzle-orm';

import type { DataScope } from '../../common/auth/data-scope';
import { DATABASE, Database } from '../../database/database.tokens';
import { products } from '../../database/schema';

export type AuditProduct = Pick<typeof products.$inferSelect, 'nmId' | 'title' | 'brand' | 'description' | 'subjectName' | 'vendorCode'>;

function inBrands(scope: DataScope): SQL | undefined {
  return scope.brandIds === 'all' ? undefined : inArray(products.brandId, scope.brandIds);
}

/** What the content studio reads of the catalog: the cards a user may reach, the brands, the texts to score. */
@Injectable()
export class ContentCatalogRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Which of these cards are in the account's catalog within the user's brands. */
  async reachable(scope: DataScope, nmIds: number[]): Promise<Set<number>> {
    const rows = await this.db
      .select({ nmId: products.nmId })
      .from(products)
      .where(and(eq(products.mpAccountId, scope.accountId), inArray(products.nmId, nmIds), isNull(products.removedAt), inBrands(scope)));
    return new Set(rows.map((row) => row.nmId));
  }

  /** Brands of the account's cards other than `ownBrand`. */
  async otherBrands(accountId: string, ownBrand: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ brand: products.brand })
      .from(products)
      .where(and(eq(products.mpAccountId, accountId), ne(products.brand, ownBrand), ne(products.brand, '')));
    return rows.map((row) => row.brand);
  }

  /** The cards of the scope with their texts as the last cards sync saw them. */
  auditProducts(scope: DataScope): Promise<AuditProduct[]> {
    return this.db
      .select({
        nmId: products.nmId,
        title: products.title,
        brand: products.brand,
        vendorCode: products.vendorCode,
        description: products.description,
        subjectName: products.subjectName,
      })
      .from(products)
      .where(and(eq(products.mpAccountId, scope.accountId), isNull(products.removedAt), inBrands(scope)));
  }
}
