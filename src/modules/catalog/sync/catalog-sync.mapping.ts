import type { ProductCharacteristic, ProductSize } from '../../../database/schema';

/** Reference 2.1: the fields of a card the catalog keeps. */
export interface MpCard {
  nmID: number;
  vendorCode: string;
  brand: string;
  title: string;
  description?: string;
  subjectID?: number;
  subjectName?: string;
  characteristics?: ProductCharacteristic[];
  photos?: { big?: string }[];
  sizes?: { chrtID: number; techSize: string; skus?: string[] }[];
  updatedAt: string;
}

/** Reference 2.1: the cursor of a cards page; the next page starts after updatedAt + nmID. */
export interface CardsCursor {
  updatedAt: string;
  nmID: number;
}

export interface CardsPage {
  cards: MpCard[];
  cursor: CardsCursor & { total: number };
}

/** Reference 2.2: the fields of a good the price snapshot needs. */
export interface MpGood {
  nmID: number;
  sizes: { price: number; discountedPrice: number }[];
  discount: number;
  clubDiscount: number;
}

/** A card as a products row (without the account and sync times). */
export interface CardRow {
  nmId: number;
  vendorCode: string;
  title: string;
  brand: string;
  photo: string | null;
  sizes: ProductSize[];
  description: string | null;
  characteristics: ProductCharacteristic[];
  subjectId: number | null;
  subjectName: string | null;
  cardUpdatedAt: string;
}

/** Spec: Product, price snapshot. Whole roubles, except the discounted price in roubles with kopecks. */
export interface PriceRow {
  nmId: number;
  price: number;
  discount: number;
  /** Passed through as the marketplace wrote it, so that no rounding happens on the way to numeric(12,2). */
  discountedPrice: number;
  clubDiscount: number;
}

export function cardRow(card: MpCard): CardRow {
  return {
    nmId: card.nmID,
    vendorCode: card.vendorCode,
    title: card.title,
    brand: card.brand ?? '',
    // Spec: Product. The photo is the first (main) photo.
    photo: card.photos?.[0]?.big ?? null,
    sizes: (card.sizes ?? []).map((size) => ({ chrtID: size.chrtID, techSize: size.techSize, skus: size.skus ?? [] })),
    // What the content studio scores a card by without asking the marketplace.
    description: card.description ?? null,
    characteristics: card.characteristics ?? [],
    subjectId: card.subjectID ?? null,
    subjectName: card.subjectName ?? null,
    cardUpdatedAt: card.updatedAt,
  };
}

/**
 * Spec: Product. For per-size prices the snapshot shows the minimum: the size with the lowest price, with that
 * size's discounted price. A good without sizes has no price.
 */
export function priceRow(good: MpGood): PriceRow | null {
  let cheapest: MpGood['sizes'][number] | undefined;
  for (const size of good.sizes ?? []) if (!cheapest || size.price < cheapest.price) cheapest = size;
  if (!cheapest) return null;
  return {
    nmId: good.nmID,
    price: cheapest.price,
    discount: good.discount ?? 0,
    discountedPrice: cheapest.discountedPrice,
    clubDiscount: good.clubDiscount ?? 0,
  };
}
