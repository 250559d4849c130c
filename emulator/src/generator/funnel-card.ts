import type { SellerStock } from '../seller-stock';
import { cardAt, CatalogShape, sizesOf } from './catalog';
import { generatedPrice, pricedCount } from './prices';
import { intBetween, itemRandom } from './random';
import { sellerAmount, sellerWarehousesOf, stockOf } from './stock';

const RATING_SALT = 0x3c1d;

/** Reference 13.0 HistoryItem: what the funnel says of a card. */
export function historyItemOf(shape: CatalogShape, index: number) {
  const card = cardAt(shape, index);
  return {
    nmId: card.nmID,
    title: card.title,
    vendorCode: card.vendorCode,
    brandName: card.brand,
    subjectId: card.subjectID,
    subjectName: card.subjectName,
  };
}

/** A card's ratings out of 5 and average delivery time, fixed by the seed. */
export function cardRatings(shape: CatalogShape, index: number) {
  const random = itemRandom(shape.seed, index, RATING_SALT);
  const rating = () => Math.round((3.4 + random() * 1.6) * 10) / 10;
  return {
    feedbackRating: rating(),
    productRating: rating(),
    timeToReady: { days: intBetween(random, 0, 3), hours: intBetween(random, 0, 23), mins: intBetween(random, 0, 59) },
  };
}

/** The discounted price of a card's first size in whole roubles, 0 for a card without a price yet. */
export function cardPrice(shape: CatalogShape, index: number): number {
  if (index >= pricedCount(shape)) return 0;
  const price = generatedPrice(shape, index);
  return Math.round((price.sizePrices[0] * (100 - price.discount)) / 100);
}

/** Reference 13.1 Item.stocks: units in marketplace warehouses (the stock generator) and the seller's (as written), and their value. */
export function cardStocks(shape: CatalogShape, index: number, stock: SellerStock) {
  const wb = stockOf(shape, index).reduce((sum, size) => sum + size.quantities.reduce((all, quantity) => all + quantity, 0), 0);
  let mp = 0;
  for (const warehouse of sellerWarehousesOf(shape))
    for (const size of sizesOf(shape, index))
      mp += stock.writtenAmount(warehouse.id, size.chrtID) ?? sellerAmount(warehouse.id, size.chrtID);
  return { wb, mp, balanceSum: (wb + mp) * cardPrice(shape, index) };
}
