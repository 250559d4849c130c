import { Endpoint, inQuery, noParams } from './endpoint';
import { arrayOf, bool, int, num, object, optional, ShapeOf, str } from './shape';

/** Reference 11.1: warehouseIDs is a comma list (`507,117501`); without it every warehouse is answered. */
export interface AcceptanceCoefficientsQuery {
  warehouseIDs?: string;
}

/**
 * Reference 11.1 (models.AcceptanceCoefficient, [inferred]): one warehouse, day and box type. coefficient -1 closed
 * whatever allowUnload says, 0 free, from 1 the cost multiplier; boxTypeID 2 boxes, 5 mono-pallets, 6 supersafe, absent
 * for a QR supply with boxes.
 */
export const AcceptanceCoefficient = object({
  date: str,
  coefficient: num,
  warehouseID: int,
  warehouseName: str,
  isSortingCenter: optional(bool),
  allowUnload: bool,
  boxTypeID: optional(int),
});
export type AcceptanceCoefficient = ShapeOf<typeof AcceptanceCoefficient>;

/** Reference 11.1: common-api, marked "temporarily disabled" in the 2026-08 files. */
export const acceptanceCoefficients: Endpoint<AcceptanceCoefficientsQuery, AcceptanceCoefficient[]> = {
  scope: 'common',
  label: 'Поставки: коэффициенты приёмки',
  method: 'GET',
  path: '/api/tariffs/v1/acceptance/coefficients',
  request: inQuery,
  response: arrayOf(AcceptanceCoefficient),
};

/** Reference 11.3 (models.WarehousesResultItems, [inferred]): an FBW warehouse; the id's key is upper-case. */
export const FbwWarehouse = object({ ID: int, name: str, address: optional(str), workTime: optional(str), isActive: optional(bool) });
export type FbwWarehouse = ShapeOf<typeof FbwWarehouse>;

/** Reference 11.3: supplies-api, also marked "temporarily disabled". */
export const fbwWarehouses: Endpoint<void, FbwWarehouse[]> = {
  scope: 'supplies',
  label: 'Поставки: склады WB',
  method: 'GET',
  path: '/api/v1/warehouses',
  request: noParams,
  response: arrayOf(FbwWarehouse),
};
