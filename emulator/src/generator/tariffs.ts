import { FBW_WAREHOUSES, FbwWarehouse } from './acceptance';
import { intBetween, itemRandom } from './random';

/** The rates are the marketplace's, not a seller's: every seller reads the same ones. */
const TARIFFS_SEED = 27;

/** Rates at a coefficient of 100 %, in kopecks: the first litre, each further litre, and one pallet's storage. */
const BASE = {
  boxDelivery: 3800,
  boxDeliveryLiter: 950,
  boxDeliveryMarketplace: 3200,
  boxDeliveryMarketplaceLiter: 900,
  boxStorage: 8,
  boxStorageLiter: 8,
  palletDelivery: 4600,
  palletDeliveryLiter: 700,
  palletStorage: 2300,
};

/** A warehouse's coefficients in % (reference 11.7: already in its rates). */
export interface WarehouseCoefficients {
  boxDelivery: number;
  boxDeliveryMarketplace: number;
  boxStorage: number;
  palletDelivery: number;
  palletStorage: number;
}

/** Fixed per warehouse: 100-250 % in steps of 5, as the marketplace's coefficients go. */
export function warehouseCoefficients(warehouse: FbwWarehouse): WarehouseCoefficients {
  const random = itemRandom(TARIFFS_SEED, warehouse.id);
  const percent = () => 100 + 5 * intBetween(random, 0, 30);
  return {
    boxDelivery: percent(),
    boxDeliveryMarketplace: percent(),
    boxStorage: percent(),
    palletDelivery: percent(),
    palletStorage: percent(),
  };
}

/** A rate at a coefficient, to the kopeck. */
export function rateKopecks(baseKopecks: number, percent: number): number {
  return Math.round((baseKopecks * percent) / 100);
}

/**
 * Kopecks as the tariffs write roubles (reference 11.7): a decimal comma («11,2», «0,14»), or a dot where `dot` («35.65»),
 * no trailing zero, whole thousands apart with a space («1 039»).
 */
export function russianNumber(kopecks: number, dot = false): string {
  const whole = String(Math.trunc(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const fraction = String(kopecks % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}${dot ? '.' : ','}${fraction}` : whole;
}

/** Reference 11.7 (models.WarehouseBoxRates) of one warehouse. */
export function boxRatesOf(warehouse: FbwWarehouse) {
  const coefficients = warehouseCoefficients(warehouse);
  const rate = (kopecks: number, percent: number) => russianNumber(rateKopecks(kopecks, percent));
  return {
    warehouseName: warehouse.name,
    geoName: 'Центральный федеральный округ',
    boxDeliveryBase: rate(BASE.boxDelivery, coefficients.boxDelivery),
    boxDeliveryLiter: rate(BASE.boxDeliveryLiter, coefficients.boxDelivery),
    boxDeliveryCoefExpr: String(coefficients.boxDelivery),
    boxDeliveryMarketplaceBase: rate(BASE.boxDeliveryMarketplace, coefficients.boxDeliveryMarketplace),
    boxDeliveryMarketplaceLiter: rate(BASE.boxDeliveryMarketplaceLiter, coefficients.boxDeliveryMarketplace),
    boxDeliveryMarketplaceCoefExpr: String(coefficients.boxDeliveryMarketplace),
    boxStorageBase: rate(BASE.boxStorage, coefficients.boxStorage),
    boxStorageLiter: rate(BASE.boxStorageLiter, coefficients.boxStorage),
    boxStorageCoefExpr: String(coefficients.boxStorage),
  };
}

/** Reference 11.7 (models.WarehousePalletRates) of one warehouse; the storage of a pallet written with a dot, as in the file. */
export function palletRatesOf(warehouse: FbwWarehouse) {
  const coefficients = warehouseCoefficients(warehouse);
  return {
    warehouseName: warehouse.name,
    palletDeliveryValueBase: russianNumber(rateKopecks(BASE.palletDelivery, coefficients.palletDelivery)),
    palletDeliveryValueLiter: russianNumber(rateKopecks(BASE.palletDeliveryLiter, coefficients.palletDelivery)),
    palletDeliveryExpr: String(coefficients.palletDelivery),
    palletStorageValueExpr: russianNumber(rateKopecks(BASE.palletStorage, coefficients.palletStorage), true),
    palletStorageExpr: String(coefficients.palletStorage),
  };
}

/** Every FBW warehouse takes boxes; sorting centres take no pallets. */
export const palletWarehouses = (): FbwWarehouse[] => FBW_WAREHOUSES.filter((warehouse) => !warehouse.isSortingCenter);
