import type { Database } from '../../src/database/database.tokens';
import { products } from '../../src/database/schema';

/** nmIDs of an emulator seller's first `count` cards: card i has nmID nmIdBase + i. */
export function sellerNmIds(nmIdBase: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => nmIdBase + i);
}

/** Products in an account's catalog, as a cards sync would have left them, with one price snapshot for all. */
export async function insertProducts(
  db: Database,
  mpAccountId: string,
  nmIds: number[],
  snapshot = { price: 1000, discount: 10 },
): Promise<void> {
  for (let start = 0; start < nmIds.length; start += 1000) {
    await db.insert(products).values(
      nmIds.slice(start, start + 1000).map((nmId) => ({
        mpAccountId,
        nmId,
        vendorCode: `V-${nmId}`,
        title: `Товар ${nmId}`,
        brand: 'Бренд',
        cardUpdatedAt: new Date(),
        price: snapshot.price,
        discount: snapshot.discount,
        discountedPrice: ((snapshot.price * (100 - snapshot.discount)) / 100).toFixed(2),
      })),
    );
  }
}
