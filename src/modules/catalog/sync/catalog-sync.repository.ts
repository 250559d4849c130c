import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { products } from '../../../database/schema';
import type { CardRow, PriceRow } from './catalog-sync.mapping';

/** Every query of the catalog synchronisation. */
@Injectable()
export class CatalogSyncRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * One page of cards in one statement: the page's brands are upserted and their ids joined in, every card is
   * upserted with seenAt = the pass's start (so that a pass resumed after a crash still counts it seen) and a
   * card that had gone and came back loses its removedAt.
   */
  async upsertCards(accountId: string, cards: CardRow[], seenAt: Date): Promise<void> {
    if (cards.length === 0) return;
    const brandNames = [...new Set(cards.map((card) => card.brand).filter((name) => name !== ''))];
    await this.db.execute(sql`
      WITH page_brands AS (
        INSERT INTO brands (mp_account_id, name)
        SELECT ${accountId}::uuid, name FROM jsonb_array_elements_text(${JSON.stringify(brandNames)}::jsonb) AS name
        ON CONFLICT (mp_account_id, name) DO UPDATE SET name = EXCLUDED.name
        RETURNING id, name
      )
      INSERT INTO products (mp_account_id, nm_id, vendor_code, title, brand, brand_id, photo, sizes, description, characteristics,
        subject_id, subject_name, card_updated_at, seen_at)
      SELECT ${accountId}::uuid, c."nmId", c."vendorCode", c.title, c.brand, page_brands.id, c.photo, c.sizes, c.description, c.characteristics,
        c."subjectId", c."subjectName", c."cardUpdatedAt", ${seenAt.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(cards)}::jsonb)
        AS c("nmId" bigint, "vendorCode" text, title text, brand text, photo text, sizes jsonb, description text, characteristics jsonb,
          "subjectId" int, "subjectName" text, "cardUpdatedAt" timestamptz)
      LEFT JOIN page_brands ON page_brands.name = c.brand
      ON CONFLICT (mp_account_id, nm_id) DO UPDATE SET
        vendor_code = EXCLUDED.vendor_code, title = EXCLUDED.title, brand = EXCLUDED.brand, brand_id = EXCLUDED.brand_id,
        photo = EXCLUDED.photo, sizes = EXCLUDED.sizes, description = EXCLUDED.description, characteristics = EXCLUDED.characteristics,
        subject_id = EXCLUDED.subject_id, subject_name = EXCLUDED.subject_name, card_updated_at = EXCLUDED.card_updated_at,
        seen_at = EXCLUDED.seen_at, removed_at = NULL, updated_at = now()`);
  }

  /** After a complete, uncapped cards pass: cards it did not see have gone from the marketplace. Returns how many. */
  async markRemoved(accountId: string, passStartedAt: Date): Promise<number> {
    const removed = await this.db
      .update(products)
      .set({ removedAt: new Date() })
      .where(and(eq(products.mpAccountId, accountId), isNull(products.removedAt), lt(products.seenAt, passStartedAt)))
      .returning({ id: products.id });
    return removed.length;
  }

  /** One page of goods in one statement, for cards already in the catalog; a synced price is no longer pending. */
  async updatePrices(accountId: string, prices: PriceRow[], syncedAt: Date): Promise<number> {
    if (prices.length === 0) return 0;
    const result = await this.db.execute(sql`
      UPDATE products SET price = g.price, discount = g.discount, discounted_price = g."discountedPrice", club_discount = g."clubDiscount",
        price_updated_at = ${syncedAt.toISOString()}::timestamptz, price_pending_since = NULL, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(prices)}::jsonb)
        AS g("nmId" bigint, price integer, discount integer, "discountedPrice" numeric, "clubDiscount" integer)
      WHERE products.mp_account_id = ${accountId}::uuid AND products.nm_id = g."nmId"`);
    return result.rowCount ?? 0;
  }

  async productCount(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(products)
      .where(and(eq(products.mpAccountId, accountId), isNull(products.removedAt)));
    return row.total;
  }
}
