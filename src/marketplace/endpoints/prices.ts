import { Endpoint, inBody, inQuery } from './endpoint';
import { arrayOf, bool, int, nullable, num, object, optional, ShapeOf, str } from './shape';

/** Reference 2.2: the query of a goods page. */
export interface GoodsListQuery {
  limit: number;
  offset?: number;
  filterNmID?: number;
}

/** Reference 2.2: a good with its per-size prices; the check also requires the discounts the price snapshot keeps. */
export const Good = object({
  nmID: int,
  vendorCode: optional(str),
  sizes: arrayOf(object({ sizeID: int, price: int, discountedPrice: num, clubDiscountedPrice: num, techSizeName: str })),
  currencyIsoCode4217: optional(str),
  discount: int,
  clubDiscount: int,
  editableSizePrice: optional(bool),
  isBadTurnover: optional(bool),
  wholesaleDiscountThreshold: optional(arrayOf(object({ minQuantity: int, wholesaleDiscount: int, level: int }))),
});
export type Good = ShapeOf<typeof Good>;

export const GoodsList = object({ data: object({ listGoods: arrayOf(Good) }), error: bool, errorText: str });
export type GoodsList = ShapeOf<typeof GoodsList>;

/** Reference 2.2: goods by offset, at most 1000 a page. */
export const goodsList: Endpoint<GoodsListQuery, GoodsList> = {
  scope: 'prices',
  label: 'Цены: список товаров',
  method: 'GET',
  path: '/api/v2/list/goods/filter',
  request: inQuery,
  response: GoodsList,
};

/** Reference 2.3: at most 1000 items; price and discount must not both be missing. */
export interface PriceUploadBody {
  data: { nmID: number; price?: number; discount?: number }[];
}

/** Reference 2.3: 200 accepted, 208 the identical upload exists already; both carry the upload id. */
export const PriceUpload = object({
  data: object({ id: int, alreadyExists: optional(bool) }),
  error: optional(bool),
  errorText: optional(str),
});
export type PriceUpload = ShapeOf<typeof PriceUpload>;

/** Reference 2.3: a 400 rejects the upload with its errorText (its body may also be text, or empty). */
export const priceUpload: Endpoint<PriceUploadBody, PriceUpload, unknown> = {
  scope: 'prices',
  label: 'Цены: загрузка',
  method: 'POST',
  path: '/api/v2/upload/task',
  request: inBody,
  response: PriceUpload,
  rejections: [400],
};

/** Reference 2.4: the goods of one upload task, a page of at most 1000. */
export interface UploadGoodsQuery {
  uploadID: number;
  limit: number;
  offset?: number;
}

/** Reference 2.4: one good of an upload task; status 1 processing (buffer), 2 applied, 3 failed with its errorText (history). */
export const UploadGood = object({
  nmID: int,
  vendorCode: optional(str),
  sizeID: optional(int),
  techSizeName: optional(str),
  price: optional(num),
  currencyIsoCode4217: optional(str),
  discount: optional(num),
  clubDiscount: optional(num),
  status: int,
  errorText: optional(str),
});
export type UploadGood = ShapeOf<typeof UploadGood>;

/** Reference 2.4: data is null while the task is not in this list (not yet processed, or processed already). */
export const BufferGoods = object({
  data: nullable(object({ uploadID: optional(int), bufferGoods: optional(arrayOf(UploadGood)) })),
  error: optional(bool),
  errorText: optional(str),
});
export type BufferGoods = ShapeOf<typeof BufferGoods>;

export const HistoryGoods = object({
  data: nullable(object({ uploadID: optional(int), historyGoods: optional(arrayOf(UploadGood)) })),
  error: optional(bool),
  errorText: optional(str),
});
export type HistoryGoods = ShapeOf<typeof HistoryGoods>;

/** Reference 2.4: the goods of a task still processing. */
export const bufferGoods: Endpoint<UploadGoodsQuery, BufferGoods> = {
  scope: 'prices',
  method: 'GET',
  path: '/api/v2/buffer/goods/task',
  label: 'Цены: товары загрузки в обработке',
  request: inQuery,
  response: BufferGoods,
};

/** Reference 2.4: the goods of a processed task, the failed ones with the marketplace's errorText. */
export const historyGoods: Endpoint<UploadGoodsQuery, HistoryGoods> = {
  scope: 'prices',
  method: 'GET',
  path: '/api/v2/history/goods/task',
  label: 'Цены: товары обработанной загрузки',
  request: inQuery,
  response: HistoryGoods,
};
