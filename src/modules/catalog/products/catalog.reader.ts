import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { brands, products, ProductSize } from '../../../database/schema';

/** A product's price snapshot: its price and discount as last synced or changed. */
export interface PriceSnapshot {
  price: number | null;
  discount: number | null;
}

/** A listed product's sizes (chrtID, techSize, barcodes), as the stock sync reads them. */
export interface ProductSizes {
  nmId: number;
  sizes: ProductSize[];
}

/** A listed product with a price, as a repricer run reads it. */
export interface PricedProduct {
  nmId: number;
  price: number;
}

const listed = isNull(products.removedAt);

/** What other modules may read of the catalog, which the catalog module alone writes. */
@Injectable()
export class CatalogReader {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The snapshot of a product in the account's catalog (not removed), or undefined. */
  async findSnapshot(mpAccountId: string, nmId: number): Promise<PriceSnapshot | undefined> {
    const [row] = await this.db
      .select({ price: products.price, discount: products.discount })
      .from(products)
      .where(and(eq(products.mpAccountId, mpAccountId), eq(products.nmId, nmId), listed));
    return row;
  }

  /** The nmIds that are not in the account's catalog (absent, removed, or outside `brandIds`), in the order given. */
  async missingNmIds(mpAccountId: string, nmIds: number[], brandIds: string[] | 'all' = 'all'): Promise<number[]> {
    const rows = await this.db
      .select({ nmId: products.nmId })
      .from(products)
      .where(
        and(
          eq(products.mpAccountId, mpAccountId),
          inArray(products.nmId, nmIds),
          listed,
          brandIds === 'all' ? undefined : inArray(products.brandId, brandIds),
        ),
      );
    const found = new Set(rows.map((row) => row.nmId));
    return nmIds.filter((nmId) => !found.has(nmId));
  }

  /** The account's listed products that have a price, in nmId order after `afterNmId`, at most `limit`. */
  pricedProductsAfter(mpAccountId: string, afterNmId: number, limit: number): Promise<PricedProduct[]> {
    return this.db
      .select({ nmId: products.nmId, price: products.price })
      .from(products)
      .where(and(eq(products.mpAccountId, mpAccountId), gt(products.nmId, afterNmId), listed, isNotNull(products.price)))
      .orderBy(asc(products.nmId))
      .limit(limit) as Promise<PricedProduct[]>;
  }

  /** The sizes of the account's listed products in nmId order after `afterNmId`, at most `limit` products. */
  sizesAfter(mpAccountId: string, afterNmId: number, limit: number): Promise<ProductSizes[]> {
    return this.db
      .select({ nmId: products.nmId, sizes: products.sizes })
      .from(products)
      .where(and(eq(products.mpAccountId, mpAccountId), gt(products.nmId, afterNmId), listed))
      .orderBy(asc(products.nmId))
      .limit(limit);
  }

  /** The sizes of these listed products of the account. */
  sizesOf(mpAccountId: string, nmIds: number[]): Promise<ProductSizes[]> {
    if (nmIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ nmId: products.nmId, sizes: products.sizes })
      .from(products)
      .where(and(eq(products.mpAccountId, mpAccountId), inArray(products.nmId, nmIds), listed));
  }

  /** The size id (chrtID) of each of these barcodes among the account's listed products; barcodes not found are absent. */
  async chrtIdsOfBarcodes(mpAccountId: string, barcodes: string[]): Promise<Map<string, number>> {
    if (barcodes.length === 0) return new Map();
    const { rows } = await this.db.execute<{ barcode: string; chrtId: number }>(sql`
      SELECT sku AS barcode, (size->>'chrtID')::bigint AS "chrtId"
      FROM ${products}, jsonb_array_elements(${products.sizes}) size, jsonb_array_elements_text(size->'skus') sku
      WHERE ${products.mpAccountId} = ${mpAccountId}::uuid AND ${products.removedAt} IS NULL
        AND sku IN (SELECT jsonb_array_elements_text(${JSON.stringify(barcodes)}::jsonb))`);
    return new Map(rows.map((row) => [row.barcode, Number(row.chrtId)]));
  }

  async brandExists(brandId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
    return Boolean(row);
  }

  async pricedProductCount(mpAccountId: string): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: count() })
      .from(products)
      .where(and(eq(products.mpAccountId, mpAccountId), listed, isNotNull(products.price)));
    return total;
  }
}
