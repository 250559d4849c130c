import { Endpoint, fillPath } from './endpoint';
import { arrayOf, bigIntText, bool, int, nullable, num, object, oneOf, optional, ShapeOf, str } from './shape';

/**
 * Reference 11.4-11.6 (orders-fbw.json): FBW supplies. Status ids 1 not planned, 2 planned, 3 dispatch allowed,
 * 4 accepting, 5 accepted, 6 unloaded at the gate. An item with supplyID null is an order (preorderID); supply and
 * order ids are int64, read as exact digit strings. Dates carry Moscow's +03:00.
 */
export const SUPPLY_STATUS_IDS = [1, 2, 3, 4, 5, 6] as const;
export type SupplyStatusId = (typeof SUPPLY_STATUS_IDS)[number];

/** Reference 11.4: the list's filter; dates as YYYY-MM-DD. */
export interface SupplyListQuery {
  limit: number;
  offset: number;
  dates?: { type: 'factDate' | 'createDate' | 'supplyDate' | 'updatedDate'; from?: string; till?: string }[];
  statusIDs?: SupplyStatusId[];
}

/** Reference 11.4: models.Supply, the list's item (the file cuts it; the fields from the component). */
export const SupplyListItem = object({
  supplyID: nullable(bigIntText),
  preorderID: bigIntText,
  createDate: str,
  supplyDate: optional(nullable(str)),
  factDate: optional(nullable(str)),
  updatedDate: optional(nullable(str)),
  statusID: oneOf(...SUPPLY_STATUS_IDS),
});
export type SupplyListItem = ShapeOf<typeof SupplyListItem>;

export const SupplyList = arrayOf(SupplyListItem);

/** Reference 11.4: the last supplies by the filter, limit 1..1000 and offset in the query. */
export const fbwSupplies: Endpoint<SupplyListQuery, SupplyListItem[]> = {
  scope: 'supplies',
  label: 'Поставки: список',
  method: 'POST',
  path: '/api/v1/supplies',
  request: ({ limit, offset, ...filter }) => ({ query: { limit, offset }, body: filter }),
  response: SupplyList,
};

/** A supply by its id, or an order by its preorder id (isPreorderID). */
export interface SupplyRef {
  /** int64 digits. */
  id: string;
  isPreorderID: boolean;
}

/** Reference 11.5 and 11.6: the supply's id is a path segment; every supply shares the definition's bucket. */
const SUPPLY_PATH = '/api/v1/supplies/{ID}';
const SUPPLY_GOODS_PATH = '/api/v1/supplies/{ID}/goods';

/** Reference 11.5: models.SupplyDetails (not cut in the file). */
export const SupplyDetails = object({
  statusID: oneOf(...SUPPLY_STATUS_IDS),
  boxTypeID: optional(int),
  createDate: str,
  supplyDate: optional(nullable(str)),
  factDate: optional(nullable(str)),
  updatedDate: optional(nullable(str)),
  warehouseID: int,
  warehouseName: str,
  actualWarehouseID: optional(nullable(int)),
  actualWarehouseName: optional(str),
  acceptanceCost: optional(nullable(num)),
  paidAcceptanceCoefficient: optional(nullable(num)),
  rejectReason: optional(nullable(str)),
  quantity: int,
  acceptedQuantity: int,
  readyForSaleQuantity: int,
  unloadingQuantity: optional(int),
});
export type SupplyDetails = ShapeOf<typeof SupplyDetails>;

/**
 * Reference 11.5: one supply's details; an unknown one is 404, an order looked up by its order id once it became a
 * supply 400 (PreorderIdSearchError): both handed back to the caller.
 */
export const fbwSupply: Endpoint<SupplyRef, SupplyDetails, unknown> = {
  scope: 'supplies',
  label: 'Поставки: поставка',
  method: 'GET',
  path: SUPPLY_PATH,
  request: (ref) => ({ path: fillPath(SUPPLY_PATH, { ID: ref.id }), query: { isPreorderID: ref.isPreorderID } }),
  response: SupplyDetails,
  rejections: [400, 404],
};

/** Reference 11.6: models.GoodInSupply (cut in the file; the fields from the component). */
export const SupplyGood = object({
  barcode: str,
  vendorCode: str,
  nmID: int,
  techSize: str,
  color: optional(nullable(str)),
  needKiz: optional(bool),
  quantity: int,
  acceptedQuantity: optional(nullable(int)),
  readyForSaleQuantity: optional(nullable(int)),
  unloadingQuantity: optional(nullable(int)),
});
export type SupplyGood = ShapeOf<typeof SupplyGood>;

export const SupplyGoods = arrayOf(SupplyGood);

export interface SupplyGoodsQuery extends SupplyRef {
  limit: number;
  offset: number;
}

/** Reference 11.6: a supply's goods, limit 1..1000 (default 100) and offset; an unknown supply is 400 (not 404), handed back. */
export const fbwSupplyGoods: Endpoint<SupplyGoodsQuery, SupplyGood[], unknown> = {
  scope: 'supplies',
  label: 'Поставки: товары поставки',
  method: 'GET',
  path: SUPPLY_GOODS_PATH,
  request: ({ limit, offset, ...ref }) => ({
    path: fillPath(SUPPLY_GOODS_PATH, { ID: ref.id }),
    query: { limit, offset, isPreorderID: ref.isPreorderID },
  }),
  response: SupplyGoods,
  rejections: [400],
};
