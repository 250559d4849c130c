import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, inArray, isNull, or, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pageOffset, toPage } from '../../common/http/pagination';
import { Page, PaginationQueryDto, SortDirection } from '../../common/http/pagination.dto';
import { DATABASE, Database } from '../../database/database.tokens';
import { escapeLike } from '../../database/like';
import { queryPage } from '../../database/query-page';
import { brandAccess, brands, mpAccounts, products } from '../../database/schema';
import { BrandItemDto, ProductListQueryDto, ProductSortField } from './catalog-products.dto';

/** What a user sees of one account's catalog: every brand (null) or only these brand ids. */
export interface CatalogScope {
  mpAccountId: string;
  brandIds: string[] | null;
}

export interface ProductListFilter extends Pick<ProductListQueryDto, 'brandId' | 'q' | 'discount'> {
  sort: ProductSortField;
  sortDir: SortDirection;
}

/** Exactly the expression of products_search_trgm_idx, so that the planner serves q from the trigram index. */
const SEARCH_TEXT = sql`lower(${products.title} || ' ' || ${products.vendorCode} || ' ' || ${products.nmId}::text)`;

const SORT_COLUMNS: Record<ProductSortField, AnyPgColumn> = {
  name: products.title,
  price: products.price,
  discountPercent: products.discount,
  discountedPrice: products.discountedPrice,
  updatedAt: products.updatedAt,
};

const PRODUCT_ROW = {
  nmId: products.nmId,
  vendorCode: products.vendorCode,
  title: products.title,
  brand: products.brand,
  brandId: products.brandId,
  photo: products.photo,
  price: products.price,
  discount: products.discount,
  discountedPrice: products.discountedPrice,
  clubDiscount: products.clubDiscount,
  priceUpdatedAt: products.priceUpdatedAt,
  pricePendingSince: products.pricePendingSince,
  updatedAt: products.updatedAt,
};

export type ProductRow = Pick<typeof products.$inferSelect, keyof typeof PRODUCT_ROW>;

function visibleBrands(scope: CatalogScope): SQL | undefined {
  return scope.brandIds === null ? undefined : inArray(products.brandId, scope.brandIds);
}

/** Case-insensitive substring; LIKE wildcards in q match literally. */
function search(q: string): SQL {
  return sql`${SEARCH_TEXT} like '%' || lower(${escapeLike(q)}) || '%'`;
}

function discountCondition(filter: ProductListFilter['discount']): SQL | undefined {
  if (filter === 'with') return gt(products.discount, 0);
  if (filter === 'without') return or(isNull(products.discount), eq(products.discount, 0));
  return undefined;
}

function listedProducts(scope: CatalogScope, filter: ProductListFilter): SQL | undefined {
  return and(
    eq(products.mpAccountId, scope.mpAccountId),
    isNull(products.removedAt),
    visibleBrands(scope),
    filter.brandId ? eq(products.brandId, filter.brandId) : undefined,
    filter.q ? search(filter.q) : undefined,
    discountCondition(filter.discount),
  );
}

/** Products without a price have nulls in the price columns and come last in either direction; nmId breaks ties. */
function productOrder(filter: ProductListFilter): SQL[] {
  const direction = sql.raw(filter.sortDir);
  return [sql`${SORT_COLUMNS[filter.sort]} ${direction} nulls last`, sql`${products.nmId} ${direction}`];
}

@Injectable()
export class CatalogProductsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The account's owner and the brands of this account granted to a user; undefined for a missing or deleted account. */
  async accountAccess(userId: string, mpAccountId: string): Promise<{ ownerId: string; grantedBrandIds: string[] } | undefined> {
    const [row] = await this.db
      .select({ ownerId: mpAccounts.ownerId, grantedBrandIds: sql<string[]>`coalesce(array_agg(${brandAccess.brandId}) filter (where ${brandAccess.brandId} is not null), '{}')` })
      .from(mpAccounts)
      .leftJoin(brands, eq(brands.mpAccountId, mpAccounts.id))
      .leftJoin(brandAccess, and(eq(brandAccess.brandId, brands.id), eq(brandAccess.userId, userId)))
      .where(and(eq(mpAccounts.id, mpAccountId), isNull(mpAccounts.deletedAt)))
      .groupBy(mpAccounts.id);
    return row;
  }

  /** One page of listed products, with the count of all that match in each row; a builder, so that its SQL and plan can be read. */
  selectCountedProducts(scope: CatalogScope, filter: ProductListFilter, limit: number, offset: number) {
    return this.db
      .select({ ...PRODUCT_ROW, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(listedProducts(scope, filter))
      .orderBy(...productOrder(filter))
      .limit(limit)
      .offset(offset);
  }

  private selectProducts(scope: CatalogScope, filter: ProductListFilter, limit: number, offset: number): Promise<ProductRow[]> {
    return this.db.select(PRODUCT_ROW).from(products).where(listedProducts(scope, filter)).orderBy(...productOrder(filter)).limit(limit).offset(offset);
  }

  private async countProducts(scope: CatalogScope, filter: ProductListFilter): Promise<{ total: number }[]> {
    return this.db.select({ total: count() }).from(products).where(listedProducts(scope, filter));
  }

  /**
   * A search matches few products: the page and their count come from one trigram scan instead of two. Without q a
   * window count would buffer the whole catalog, so the page and the count are two queries run together.
   */
  async findProductPage(scope: CatalogScope, filter: ProductListFilter, page: Pick<ProductListQueryDto, 'page' | 'limit'>): Promise<Page<ProductRow>> {
    if (!filter.q) return queryPage(page, (limit, offset) => this.selectProducts(scope, filter, limit, offset), () => this.countProducts(scope, filter));
    const rows = await this.selectCountedProducts(scope, filter, page.limit, pageOffset(page));
    // Past the last page no row carries the count.
    const total = rows.length ? rows[0].total : page.page > 1 ? (await this.countProducts(scope, filter))[0].total : 0;
    return toPage(rows.map(({ total: _total, ...row }) => row), total, page);
  }

  /** One page of the account's brands by name, with their listed products counted. */
  findBrandPage(scope: CatalogScope, page: Pick<PaginationQueryDto, 'page' | 'limit'>): Promise<Page<BrandItemDto>> {
    const visible = and(eq(brands.mpAccountId, scope.mpAccountId), scope.brandIds === null ? undefined : inArray(brands.id, scope.brandIds));
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select({ id: brands.id, name: brands.name, productCount: count(products.id) })
          .from(brands)
          .leftJoin(products, and(eq(products.mpAccountId, brands.mpAccountId), eq(products.brandId, brands.id), isNull(products.removedAt)))
          .where(visible)
          .groupBy(brands.id)
          .orderBy(asc(brands.name), asc(brands.id))
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(brands).where(visible),
    );
  }
}
