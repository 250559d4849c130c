import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';

import { products } from '../../../database/schema';
import type { BulkItem } from '../../../database/schema/pricing';
import type { Transaction } from '../../../database/transaction';
import type { PriceSnapshot } from './catalog.reader';

/** The one write of the catalog outside its sync: the snapshot of prices the marketplace accepted. */
@Injectable()
export class CatalogPriceSnapshots {
  /**
   * The new price and discount (a price-only change carries the discount over) and the discounted price in exact
   * numeric arithmetic, pending until a price sync sees them; answers the snapshot before, by nmId, for the products
   * found. Rows are locked in nmId order by every writer, so uploads of overlapping products queue up and never deadlock.
   */
  async applyAccepted(tx: Transaction, mpAccountId: string, items: BulkItem[]): Promise<Map<number, PriceSnapshot>> {
    const values = JSON.stringify(items.map(({ nmID, price, discount }) => ({ nmID, price: price ?? null, discount: discount ?? null })));
    const result = await tx.execute<{ nm_id: string; old_price: number | null; old_discount: number | null }>(sql`
      WITH item AS (
        SELECT * FROM jsonb_to_recordset(${values}::jsonb) AS i("nmID" bigint, price integer, discount integer)
      ), old AS (
        SELECT p.id, p.nm_id, p.price, p.discount FROM ${products} p
        WHERE p.mp_account_id = ${mpAccountId} AND p.nm_id IN (SELECT "nmID" FROM item)
        ORDER BY p.nm_id FOR UPDATE
      ), next AS (
        SELECT old.id, old.nm_id, old.price AS old_price, old.discount AS old_discount,
          coalesce(item.price, old.price) AS price, coalesce(item.discount, old.discount) AS discount
        FROM item JOIN old ON old.nm_id = item."nmID"
      )
      UPDATE ${products} p SET price = next.price, discount = next.discount,
        discounted_price = next.price::numeric * (100 - coalesce(next.discount, 0)) / 100,
        price_pending_since = now(), updated_at = now()
      FROM next WHERE p.id = next.id
      RETURNING next.nm_id, next.old_price, next.old_discount`);
    return new Map(result.rows.map((row) => [Number(row.nm_id), { price: row.old_price, discount: row.old_discount }]));
  }
}
