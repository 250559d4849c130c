import type { WarehouseBoxRates, WarehousePalletRates } from '../../../marketplace/endpoints/tariffs';
import { roublesDecimal } from '../../../shared/money';

/** The rates of boxes of one warehouse as exact decimals (roubles, or % for a coefficient); null where none is given. */
export interface BoxTariffs {
  boxDeliveryBase: string | null;
  boxDeliveryLiter: string | null;
  boxDeliveryCoefficientPercent: string | null;
  boxStorageBase: string | null;
  boxStorageLiter: string | null;
  boxStorageCoefficientPercent: string | null;
}

/** The rates of pallets of one warehouse, as BoxTariffs; the storage is of one pallet. */
export interface PalletTariffs {
  palletDeliveryBase: string | null;
  palletDeliveryLiter: string | null;
  palletDeliveryCoefficientPercent: string | null;
  palletStorage: string | null;
  palletStorageCoefficientPercent: string | null;
}

export const BOX_TARIFF_FIELDS: readonly (keyof BoxTariffs)[] = [
  'boxDeliveryBase',
  'boxDeliveryLiter',
  'boxDeliveryCoefficientPercent',
  'boxStorageBase',
  'boxStorageLiter',
  'boxStorageCoefficientPercent',
];

export const PALLET_TARIFF_FIELDS: readonly (keyof PalletTariffs)[] = [
  'palletDeliveryBase',
  'palletDeliveryLiter',
  'palletDeliveryCoefficientPercent',
  'palletStorage',
  'palletStorageCoefficientPercent',
];

/** A rate as written (reference 11.7: Russian number format), or null where it is absent or no number (a dash). */
const decimalOf = (written: string | undefined) => (written === undefined ? null : roublesDecimal(written));

export function boxTariffsOf(item: WarehouseBoxRates): BoxTariffs {
  return {
    boxDeliveryBase: decimalOf(item.boxDeliveryBase),
    boxDeliveryLiter: decimalOf(item.boxDeliveryLiter),
    boxDeliveryCoefficientPercent: decimalOf(item.boxDeliveryCoefExpr),
    boxStorageBase: decimalOf(item.boxStorageBase),
    boxStorageLiter: decimalOf(item.boxStorageLiter),
    boxStorageCoefficientPercent: decimalOf(item.boxStorageCoefExpr),
  };
}

export function palletTariffsOf(item: WarehousePalletRates): PalletTariffs {
  return {
    palletDeliveryBase: decimalOf(item.palletDeliveryValueBase),
    palletDeliveryLiter: decimalOf(item.palletDeliveryValueLiter),
    palletDeliveryCoefficientPercent: decimalOf(item.palletDeliveryExpr),
    palletStorage: decimalOf(item.palletStorageValueExpr),
    palletStorageCoefficientPercent: decimalOf(item.palletStorageExpr),
  };
}

/**
 * How a warehouse's name is matched between the tariffs and the warehouse list (the tariffs name warehouses, not ids):
 * case, «ё» and runs of spaces aside.
 */
export function warehouseNameKey(name: string): string {
  return name.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
}
