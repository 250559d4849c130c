import { Endpoint, fillPath, inBody, inQuery, noParams } from './endpoint';
import { anything, arrayOf, bool, int, nullable, object, oneOf, optional, ShapeOf, str } from './shape';

/** Reference 10.1: a page of the stocks report; nmIds (≤ 1000) narrow it, limit ≤ 250 000. */
export interface StocksReportQuery {
  nmIds?: number[];
  limit: number;
  offset: number;
}

/** Reference 10.1 (InventoryWbResponse): one size in one marketplace warehouse; all fields required. */
export const StocksReportRow = object({
  nmId: int,
  chrtId: int,
  warehouseId: int,
  warehouseName: str,
  regionName: str,
  quantity: int,
  inWayToClient: int,
  inWayFromClient: int,
});
export type StocksReportRow = ShapeOf<typeof StocksReportRow>;

const StocksReportItems = object({ items: arrayOf(StocksReportRow) });

/** Reference 10.1: whether the items sit under `data` is unconfirmed, so either form is read. */
export const StocksReport = object({ data: optional(StocksReportItems), items: optional(arrayOf(StocksReportRow)) });
export type StocksReport = ShapeOf<typeof StocksReport>;

/** The rows of a stocks report answer, wherever they sit. */
export function stocksReportRows(answer: StocksReport): StocksReportRow[] {
  return answer.data?.items ?? answer.items ?? [];
}

/** Release note 570: every marketplace warehouse of the stocks report is this one pseudo-warehouse. */
export const STOCKS_REPORT_ALL_WAREHOUSES_ID = -999999;

export const stocksReport: Endpoint<StocksReportQuery, StocksReport> = {
  scope: 'analytics',
  label: 'Аналитика: остатки на складах',
  method: 'POST',
  path: '/api/analytics/v1/stocks-report/wb-warehouses',
  request: inBody,
  response: StocksReport,
};

/** Reference 10.2: grouping flags of the remains report; the service asks per barcode and size. */
export interface WarehouseRemainsQuery {
  groupByBrand?: boolean;
  groupBySubject?: boolean;
  groupBySa?: boolean;
  groupByNm?: boolean;
  groupByBarcode?: boolean;
  groupBySize?: boolean;
}

/** Reference 9.3: a created report task. */
export const RemainsTaskCreated = object({ data: object({ taskId: str }) });

export const warehouseRemainsCreate: Endpoint<WarehouseRemainsQuery, ShapeOf<typeof RemainsTaskCreated>> = {
  scope: 'analytics',
  label: 'Отчёт об остатках: создание',
  method: 'GET',
  path: '/api/v1/warehouse_remains',
  request: inQuery,
  response: RemainsTaskCreated,
};

export interface RemainsTaskQuery {
  taskId: string;
}

/** Reference 9.3: new | processing | done (ready) | purged (deleted, kept 2 hours) | canceled (declined). */
export const REMAINS_TASK_STATUSES = ['new', 'processing', 'done', 'purged', 'canceled'] as const;
export type RemainsTaskStatus = (typeof REMAINS_TASK_STATUSES)[number];

export const RemainsTaskStatusAnswer = object({ data: object({ id: str, status: oneOf(...REMAINS_TASK_STATUSES) }) });

const inTaskPath = (template: string) => (params: RemainsTaskQuery) => ({ path: fillPath(template, { task_id: params.taskId }) });

const REMAINS_STATUS_PATH = '/api/v1/warehouse_remains/tasks/{task_id}/status';
const REMAINS_DOWNLOAD_PATH = '/api/v1/warehouse_remains/tasks/{task_id}/download';

export const warehouseRemainsStatus: Endpoint<RemainsTaskQuery, ShapeOf<typeof RemainsTaskStatusAnswer>> = {
  scope: 'analytics',
  label: 'Отчёт об остатках: статус',
  method: 'GET',
  path: REMAINS_STATUS_PATH,
  request: inTaskPath(REMAINS_STATUS_PATH),
  response: RemainsTaskStatusAnswer,
};

/** Reference 10.2: a size's non-zero quantities by warehouse name, pseudo-entries («В пути до получателей», …) among them. */
export const RemainsRow = object({
  brand: optional(str),
  subjectName: optional(str),
  vendorCode: optional(str),
  nmId: int,
  barcode: str,
  techSize: str,
  warehouses: arrayOf(object({ warehouseName: str, quantity: int })),
});
export type RemainsRow = ShapeOf<typeof RemainsRow>;

/** Reference 9.3: a bare array; 204 without a body is no data. */
export const warehouseRemainsDownload: Endpoint<RemainsTaskQuery, RemainsRow[] | null> = {
  scope: 'analytics',
  label: 'Отчёт об остатках: загрузка',
  method: 'GET',
  path: REMAINS_DOWNLOAD_PATH,
  request: inTaskPath(REMAINS_DOWNLOAD_PATH),
  response: nullable(arrayOf(RemainsRow)),
};

/** Reference 10.1-10.2: the remains report's pseudo-warehouses, which are totals and transit, not places. */
export const REMAINS_PSEUDO_WAREHOUSES = ['В пути до получателей', 'В пути возвраты на склад WB', 'Всего находится на складах'] as const;

/** Reference 10.3: a seller (FBS, DBS, …) warehouse. */
export const SellerWarehouse = object({
  id: int,
  officeId: optional(int),
  name: str,
  cargoType: optional(int),
  deliveryType: optional(int),
  isDeleting: optional(bool),
  isProcessing: optional(bool),
});
export type SellerWarehouse = ShapeOf<typeof SellerWarehouse>;

/** Reference 10.3-10.5: one request answered 4xx counts as 10 against the seller-warehouse bucket. */
const SELLER_WAREHOUSE_4XX_COST = 10;

export const sellerWarehouses: Endpoint<void, SellerWarehouse[]> = {
  scope: 'marketplace',
  label: 'Маркетплейс: склады продавца',
  method: 'GET',
  path: '/api/v3/warehouses',
  request: noParams,
  response: arrayOf(SellerWarehouse),
  clientErrorCost: SELLER_WAREHOUSE_4XX_COST,
};

/** Reference 10.4: up to 1000 size ids. */
export const SELLER_STOCK_CHRT_IDS_MAX = 1000;

export interface SellerStockQuery {
  warehouseId: number;
  chrtIds: number[];
}

export const SellerStockAnswer = object({ stocks: arrayOf(object({ chrtId: int, amount: int })) });
export type SellerStockAnswer = ShapeOf<typeof SellerStockAnswer>;

const SELLER_STOCKS_PATH = '/api/v3/stocks/{warehouseId}';

export const sellerStocks: Endpoint<SellerStockQuery, SellerStockAnswer> = {
  scope: 'marketplace',
  label: 'Маркетплейс: остатки склада продавца',
  method: 'POST',
  path: SELLER_STOCKS_PATH,
  request: ({ warehouseId, chrtIds }) => ({ path: fillPath(SELLER_STOCKS_PATH, { warehouseId }), body: { chrtIds } }),
  response: SellerStockAnswer,
  clientErrorCost: SELLER_WAREHOUSE_4XX_COST,
};

/** Reference 10.5: the amount to set of a size, at most 100 000. */
export const SELLER_STOCK_AMOUNT_MAX = 100_000;

export interface SellerStockUpdate {
  warehouseId: number;
  stocks: { chrtId: number; amount: number }[];
}

/** Reference 10.5: the 409 answer, an array of errors each naming its items. */
export type SellerStockConflict = { code: string; message: string; data?: { sku?: string; chrtId?: number; amount?: number }[] }[];
/** Reference 10.5: the 400, 404 and 406 answers, the marketplace `Error`. */
export type SellerStockError = { code?: string; message?: string };

/** Reference 10.5: sets the amount of each size (1..1000) in a seller warehouse; 204 without a body. */
export const sellerStocksUpdate: Endpoint<SellerStockUpdate, unknown, SellerStockConflict | SellerStockError> = {
  scope: 'marketplace',
  // The read's label: one path, one bucket, one name in the quota view.
  label: sellerStocks.label,
  method: 'PUT',
  path: SELLER_STOCKS_PATH,
  request: ({ warehouseId, stocks }) => ({ path: fillPath(SELLER_STOCKS_PATH, { warehouseId }), body: { stocks } }),
  response: anything,
  rejections: [400, 404, 406, 409],
  clientErrorCost: SELLER_WAREHOUSE_4XX_COST,
};
