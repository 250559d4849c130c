import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, inArray, isNull, or, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';

import type { DataScope } from '../../../common/auth/data-scope';
import { pageOffset, toPage } from '../../../common/http/pagination';
import { Page, SortDirection } from '../../../common/http/pagination.dto';
import { DATABASE, Database } from '../../../database/database.tokens';
import { containsText, escapeLike } from '../../../database/like';
import { PageRequest, queryPage } from '../../../database/query-page';
import { brands, products } from '../../../database/schema';
import { COST_TODAY } from '../costs/catalog-costs.repository';
import { BrandItemDto, DiscountFilter, ProductItemDto, ProductSortField } from './catalog-products.dto';

/** The listed products of what a user sees of one account, narrowed by the route's filters, in one order. */
export interface ProductListFilter extends DataScope {
  brandId?: string;
  q?: string;
  nmIds?: number[];
  discount?: DiscountFilter;
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

/**
 * A product as the API answers it, straight from the row. discounted_price is numeric(12,2), read as a string: parsed,
 * never computed, so kopecks stay exact.
 */
const PRODUCT_ITEM = {
  nmId: products.nmId,
  vendorCode: products.vendorCode,
  title: products.title,
  brand: products.brand,
  brandId: products.brandId,
  photo: products.photo,
  price: products.price,
  discount: products.discount,
  discountedPrice: sql<number | null>`${products.discountedPrice}`.mapWith(Number),
  clubDiscount: products.clubDiscount,
  priceUpdatedAt: products.priceUpdatedAt,
  pricePending: sql<boolean>`${products.pricePendingSince} is not null`.as('price_pending'),
  costPrice: sql<number | null>`${COST_TODAY}`.mapWith(Number).as('cost_price'),
  updatedAt: products.updatedAt,
};

/** The values of a product query's placeholders; its SQL depends only on the shape of the filter (shapeOf). */
function productValues(filter: ProductListFilter, limit?: number, offset?: number): Record<string, unknown> {
  const { accountId, brandIds, brandId, nmIds } = filter;
  return { accountId, brandIds, brandId, nmIds, pattern: filter.q ? escapeLike(filter.q) : undefined, limit, offset };
}

/** The name part of a prepared product query: everything that changes its SQL. */
function shapeOf(filter: ProductListFilter): string {
  return [
    filter.brandIds === 'all' ? 'all' : 'granted',
    filter.brandId ? 'brand' : '',
    filter.q ? 'q' : '',
    filter.nmIds ? 'ids' : '',
    filter.discount ?? '',
    filter.sort,
    filter.sortDir,
  ].join('_');
}

/**
 * Case-insensitive substring; LIKE wildcards in q match literally. The planner sees the pattern of each search, so a
 * prepared search keeps custom plans: the trigram index for a rare fragment, the account's rows for a common one.
 */
function search(pattern: unknown): SQL {
  return sql`${SEARCH_TEXT} like '%' || lower(${pattern}) || '%'`;
}

function discountCondition(filter: ProductListFilter['discount']): SQL | undefined {
  if (filter === 'with') return gt(products.discount, 0);
  if (filter === 'without') return or(isNull(products.discount), eq(products.discount, 0));
  return undefined;
}

/** The conditions of a product query with placeholders for its values (productValues). */
function listedProducts(filter: ProductListFilter): SQL | undefined {
  return and(
    eq(products.mpAccountId, sql.placeholder('accountId')),
    isNull(products.removedAt),
    filter.brandIds === 'all' ? undefined : sql`${products.brandId} = any(${sql.placeholder('brandIds')}::uuid[])`,
    filter.brandId ? eq(products.brandId, sql.placeholder('brandId')) : undefined,
    filter.q ? search(sql.placeholder('pattern')) : undefined,
    filter.nmIds ? sql`${products.nmId} = any(${sql.placeholder('nmIds')}::bigint[])` : undefined,
    discountCondition(filter.discount),
  );
}

/** Products without a price have nulls in the price columns and come last in either direction; nmId breaks ties. */
function productOrder(filter: ProductListFilter): SQL[] {
  const direction = sql.raw(filter.sortDir);
  return [sql`${SORT_COLUMNS[filter.sort]} ${direction} nulls last`, sql`${products.nmId} ${direction}`];
}

/** One page in the filter's order, with placeholders for its limit and offset. */
function ordered<T extends PgSelect>(query: T, filter: ProductListFilter): T {
  return query
    .orderBy(...productOrder(filter))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

@Injectable()
export class CatalogProductsRepository {
  private readonly statements = new Map<string, unknown>();

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One page of listed products with the count of all that match in each row, prepared once per shape: a search matches
   * few products, so the page and their count come from one trigram scan instead of two.
   */
  searchStatement(filter: ProductListFilter) {
    return this.statement(`catalog_search_${shapeOf(filter)}`, (name) =>
      ordered(
        this.db
          .select({ ...PRODUCT_ITEM, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(products)
          .where(listedProducts(filter))
          .$dynamic(),
        filter,
      ).prepare(name),
    );
  }

  private pageStatement(filter: ProductListFilter) {
    return this.statement(`catalog_page_${shapeOf(filter)}`, (name) =>
      ordered(this.db.select(PRODUCT_ITEM).from(products).where(listedProducts(filter)).$dynamic(), filter).prepare(name),
    );
  }

  private countStatement(filter: ProductListFilter) {
    return this.statement(`catalog_count_${shapeOf(filter)}`, (name) =>
      this.db.select({ total: count() }).from(products).where(listedProducts(filter)).prepare(name),
    );
  }

  /** A named statement is parsed once per pooled connection; its builder runs once per process. */
  private statement<T>(name: string, prepare: (name: string) => T): T {
    let statement = this.statements.get(name) as T | undefined;
    if (!statement) {
      statement = prepare(name);
      this.statements.set(name, statement);
    }
    return statement;
  }

  /**
   * Without q a window count would buffer the whole catalog, so the page and the count are two queries run together.
   */
  async findProductPage(filter: ProductListFilter, page: PageRequest): Promise<Page<ProductItemDto>> {
    const count = () => this.countStatement(filter).execute(productValues(filter));
    if (!filter.q)
      return queryPage(page, (limit, offset) => this.pageStatement(filter).execute(productValues(filter, limit, offset)), count);
    const rows = await this.searchStatement(filter).execute(productValues(filter, page.limit, pageOffset(page)));
    // Past the last page no row carries the count.
    const total = rows.length ? rows[0].total : page.page > 1 ? (await count())[0].total : 0;
    return toPage(
      rows.map(({ total: _total, ...row }) => row),
      total,
      page,
    );
  }

  /** One page of the account's brands by name (those containing q, when given), with their listed products counted. */
  findBrandPage(scope: DataScope, page: PageRequest, q?: string): Promise<Page<BrandItemDto>> {
    const visible = and(
      eq(brands.mpAccountId, scope.accountId),
      scope.brandIds === 'all' ? undefined : inArray(brands.id, scope.brandIds),
      q ? containsText(brands.name, q) : undefined,
    );
    return queryPage(
      page,
      (limit, offset) =>
        this.db
          .select({ id: brands.id, name: brands.name, productCount: count(products.id) })
          .from(brands)
          .leftJoin(
            products,
            and(eq(products.mpAccountId, brands.mpAccountId), eq(products.brandId, brands.id), isNull(products.removedAt)),
          )
          .where(visible)
          .groupBy(brands.id)
          .orderBy(asc(brands.name), asc(brands.id))
          .limit(limit)
          .offset(offset),
      () => this.db.select({ total: count() }).from(brands).where(visible),
    );
  }
}
