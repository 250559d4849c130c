import { Endpoint, inQuery } from './endpoint';
import { arrayOf, nullable, object, optional, ShapeOf, str } from './shape';

/** Reference 11.7: the day the rates apply to, `YYYY-MM-DD` (required). */
export interface TariffsQuery {
  date: string;
}

/**
 * Reference 11.7 (models.WarehouseBoxRates): rates of one warehouse named, not numbered, as strings in Russian number
 * format ("11,2", "35.65", "1 039"); `…Base` the first litre, `…Liter` each further one (storage per day), `…CoefExpr`
 * the warehouse's coefficient in %, already in the rates. The file requires no field: only the name is relied on.
 */
export const WarehouseBoxRates = object({
  warehouseName: str,
  boxDeliveryBase: optional(str),
  boxDeliveryLiter: optional(str),
  boxDeliveryCoefExpr: optional(str),
  boxStorageBase: optional(str),
  boxStorageLiter: optional(str),
  boxStorageCoefExpr: optional(str),
});
export type WarehouseBoxRates = ShapeOf<typeof WarehouseBoxRates>;

/** Reference 11.7 (models.WarehousePalletRates): `palletStorageValueExpr` is the storage of one pallet, ₽. */
export const WarehousePalletRates = object({
  warehouseName: str,
  palletDeliveryValueBase: optional(str),
  palletDeliveryValueLiter: optional(str),
  palletDeliveryExpr: optional(str),
  palletStorageValueExpr: optional(str),
  palletStorageExpr: optional(str),
});
export type WarehousePalletRates = ShapeOf<typeof WarehousePalletRates>;

/** Reference 11.7 (RatesBoxResponse): `{response: {data: {dtNextBox, dtTillMax, currency, warehouseList}}}`, the list nullable. */
export const BoxRates = object({
  response: object({ data: object({ currency: optional(str), warehouseList: nullable(arrayOf(WarehouseBoxRates)) }) }),
});
export type BoxRates = ShapeOf<typeof BoxRates>;

/** Reference 11.7 (RatesPalletResponse): as the box rates, with dtNextPallet. */
export const PalletRates = object({
  response: object({ data: object({ currency: optional(str), warehouseList: nullable(arrayOf(WarehousePalletRates)) }) }),
});
export type PalletRates = ShapeOf<typeof PalletRates>;

/** Reference 11.7: common-api, any token category; the rates for boxes equal the Supersafe ones. */
export const boxTariffs: Endpoint<TariffsQuery, BoxRates> = {
  scope: 'common',
  label: 'Тарифы: короба',
  method: 'GET',
  path: '/api/v1/tariffs/box',
  request: inQuery,
  response: BoxRates,
};

/** Reference 11.7: the rates for pallets equal the "Piece pallet" ones. */
export const palletTariffs: Endpoint<TariffsQuery, PalletRates> = {
  scope: 'common',
  label: 'Тарифы: паллеты',
  method: 'GET',
  path: '/api/v1/tariffs/pallet',
  request: inQuery,
  response: PalletRates,
};
