import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';

import { DATABASE, Database } from '../../../database/database.tokens';
import { catalogSyncStates, products } from '../../../database/schema';
import type { CardRow, CardsCursor, PriceRow } from './catalog-sync.mapping';

export type CatalogSyncStateRow = typeof catalogSyncStates.$inferSelect;

/** Where the next cards pass goes on after a capped one, and when the cycle of passes it belongs to began. */
export interface CardsContinuation {
  cursor: CardsCursor;
  cycleStartedAt: Date;
}

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
      INSERT INTO products (mp_account_id, nm_id, vendor_code, title, brand, brand_id, photo, sizes, card_updated_at, seen_at)
      SELECT ${accountId}::uuid, c."nmId", c."vendorCode", c.title, c.brand, page_brands.id, c.photo, c.sizes, c."cardUpdatedAt", ${seenAt.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(cards)}::jsonb)
        AS c("nmId" bigint, "vendorCode" text, title text, brand text, photo text, sizes jsonb, "cardUpdatedAt" timestamptz)
      LEFT JOIN page_brands ON page_brands.name = c.brand
      ON CONFLICT (mp_account_id, nm_id) DO UPDATE SET
        vendor_code = EXCLUDED.vendor_code, title = EXCLUDED.title, brand = EXCLUDED.brand, brand_id = EXCLUDED.brand_id,
        photo = EXCLUDED.photo, sizes = EXCLUDED.sizes, card_updated_at = EXCLUDED.card_updated_at,
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

  async findState(accountId: string): Promise<CatalogSyncStateRow | undefined> {
    const [row] = await this.db.select().from(catalogSyncStates).where(eq(catalogSyncStates.mpAccountId, accountId));
    return row;
  }

  async cardsContinuation(accountId: string): Promise<CardsContinuation | null> {
    const [row] = await this.db
      .select({ cursor: catalogSyncStates.cardsResumeCursor, cycleStartedAt: catalogSyncStates.cardsCycleStartedAt })
      .from(catalogSyncStates)
      .where(eq(catalogSyncStates.mpAccountId, accountId));
    return row?.cursor && row.cycleStartedAt ? { cursor: row.cursor, cycleStartedAt: row.cycleStartedAt } : null;
  }

  /** Null: the next cards pass starts a new cycle from the oldest card. */
  async saveCardsContinuation(accountId: string, continuation: CardsContinuation | null): Promise<void> {
    await this.db
      .update(catalogSyncStates)
      .set({ cardsResumeCursor: continuation?.cursor ?? null, cardsCycleStartedAt: continuation?.cycleStartedAt ?? null })
      .where(eq(catalogSyncStates.mpAccountId, accountId));
  }

  /** The account's sync is now this job (queued or working). */
  async markRunning(accountId: string, jobId: string, message: string): Promise<void> {
    const values = { state: 'running' as const, jobId, message, errorMessage: null, updatedAt: new Date() };
    await this.db
      .insert(catalogSyncStates)
      .values({ mpAccountId: accountId, ...values })
      .onConflictDoUpdate({ target: catalogSyncStates.mpAccountId, set: values });
  }

  /**
   * A job finished its passes: the times always move on; the state turns idle only when the status still shows
   * this job (a user sync queued meanwhile keeps it running).
   */
  async markFinished(accountId: string, jobId: string, passes: { cards: boolean; prices: boolean }, message: string): Promise<void> {
    const now = new Date();
    const times = { ...(passes.cards ? { lastCardsSyncAt: now } : {}), ...(passes.prices ? { lastPriceSyncAt: now } : {}), updatedAt: now };
    await this.db
      .insert(catalogSyncStates)
      .values({ mpAccountId: accountId, state: 'idle', jobId, message, ...times })
      .onConflictDoUpdate({
        target: catalogSyncStates.mpAccountId,
        set: {
          ...times,
          state: sql`CASE WHEN ${catalogSyncStates.jobId} = ${jobId} THEN 'idle' ELSE ${catalogSyncStates.state} END`,
          message: sql`CASE WHEN ${catalogSyncStates.jobId} = ${jobId} THEN ${message} ELSE ${catalogSyncStates.message} END`,
          errorMessage: sql`CASE WHEN ${catalogSyncStates.jobId} = ${jobId} THEN NULL ELSE ${catalogSyncStates.errorMessage} END`,
        },
      });
  }

  /** A job failed for good: the status shows the error if it still shows this job. */
  async markFailed(accountId: string, jobId: string, errorMessage: string): Promise<void> {
    await this.db
      .update(catalogSyncStates)
      .set({ state: 'error', errorMessage, message: null, updatedAt: new Date() })
      .where(and(eq(catalogSyncStates.mpAccountId, accountId), eq(catalogSyncStates.jobId, jobId)));
  }
}
