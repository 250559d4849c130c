import type { Card } from '../../emulator/src/generator/catalog';
import { products } from '../../src/database/schema';

/** An emulator card as a products row, as a cards sync would leave it: sizes with chrtIDs and barcodes, its brand's id. */
export function catalogRow(mpAccountId: string, card: Card, brandId: string): typeof products.$inferInsert {
  return {
    mpAccountId,
    nmId: card.nmID,
    vendorCode: card.vendorCode,
    title: card.title,
    brand: card.brand,
    brandId,
    cardUpdatedAt: new Date(card.updatedAt),
    sizes: card.sizes.map((size) => ({ chrtID: size.chrtID, techSize: size.techSize, skus: size.skus })),
  };
}
