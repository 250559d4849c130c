import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, ne, SQL, sql } from 'drizzle-orm';

import type { DataScope } from '../../common/auth/data-scope';
import { DATABASE, Database } from '../../database/database.tokens';
import { contentDrafts, products } from '../../database/schema';

/** A card as the audit scores it: its texts as the last cards sync saw them and the search phrases of its latest draft. */
export interface AuditCard {
  nmId: number;
  title: string;
  brand: string;
  vendorCode: string;
  description: string;
  subjectName: string | null;
  /** The phrases of its latest draft, most frequent first; none before the first draft. */
  keywords: string[];
}

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

  /** The cards of the scope to audit, in one read: a catalog of thousands of cards is scored at once. */
  async auditCards(scope: DataScope): Promise<AuditCard[]> {
    const { rows } = await this.db.execute<Omit<AuditCard, 'nmId'> & { nmId: string }>(sql`
      SELECT p.nm_id AS "nmId", p.title, p.brand, p.vendor_code AS "vendorCode", coalesce(p.description, '') AS description,
        p.subject_name AS "subjectName", coalesce(d.keywords, '{}') AS keywords
      FROM ${products} p
      LEFT JOIN (
        SELECT DISTINCT ON (nm_id) nm_id, ARRAY(SELECT keyword->>'text' FROM jsonb_array_elements(keywords) AS keyword) AS keywords
        FROM ${contentDrafts} WHERE mp_account_id = ${scope.accountId}::uuid
        ORDER BY nm_id, created_at DESC
      ) d ON d.nm_id = p.nm_id
      WHERE p.mp_account_id = ${scope.accountId}::uuid AND p.removed_at IS NULL
        ${scope.brandIds === 'all' ? sql`` : sql`AND p.brand_id = ANY(${`{${scope.brandIds.join(',')}}`}::uuid[])`}`);
    return rows.map((row) => ({ ...row, nmId: Number(row.nmId) }));
  }
}
