import { brandOf, CatalogShape, nmIdOf, sizesOf, vendorCodeOf } from './catalog';
import { intBetween, itemRandom, seededRandom } from './random';

/** Marketplace (FBW) warehouses the generated stock lies in: ids and names as the marketplace's lists give them. */
export const MARKETPLACE_WAREHOUSES: readonly { id: number; name: string }[] = [
  { id: 507, name: 'Коледино' },
  { id: 117501, name: 'Подольск' },
  { id: 120762, name: 'Электросталь' },
  { id: 117986, name: 'Казань' },
  { id: 130744, name: 'Краснодар' },
  { id: 208277, name: 'Невинномысск' },
];

/** Release note 570: the stocks report names every marketplace warehouse as this one. */
export const ALL_WAREHOUSES = { id: -999999, name: 'Склад WB' } as const;

/** Reference 10.2: the remains report's pseudo-warehouses. */
export const IN_WAY_TO_CLIENT = 'В пути до получателей';
export const IN_WAY_FROM_CLIENT = 'В пути возвраты на склад WB';
export const TOTAL_IN_WAREHOUSES = 'Всего находится на складах';

/** One size of a card in stock: quantity per marketplace warehouse (in MARKETPLACE_WAREHOUSES order) and in transit. */
export interface SizeStock {
  nmId: number;
  chrtId: number;
  techSize: string;
  barcode: string;
  quantities: number[];
  inWayToClient: number;
  inWayFromClient: number;
}

/** About one card in seven is out of stock everywhere; the others lie in some of the warehouses. */
const OUT_OF_STOCK_SHARE = 0.15;

/** The stock of every size of card `index`, fixed by the seller's seed. */
export function stockOf(shape: CatalogShape, index: number): SizeStock[] {
  const random = itemRandom(shape.seed, index, 5);
  const outOfStock = random() < OUT_OF_STOCK_SHARE;
  return sizesOf(shape, index).map((size) => ({
    nmId: nmIdOf(shape, index),
    chrtId: size.chrtID,
    techSize: size.techSize,
    barcode: size.skus[0],
    quantities: MARKETPLACE_WAREHOUSES.map(() => (outOfStock || random() < 0.4 ? 0 : intBetween(random, 1, 60))),
    inWayToClient: outOfStock ? 0 : intBetween(random, 0, 8),
    inWayFromClient: random() < 0.7 ? 0 : intBetween(random, 1, 3),
  }));
}

/** Every size of the catalog in card order, as the stocks report pages them. */
export function* allSizeStocks(shape: CatalogShape): Generator<SizeStock> {
  for (let index = 0; index < shape.cards; index += 1) yield* stockOf(shape, index);
}

/** Reference 10.1: one row of the stocks report, all warehouses as one. */
export function stocksReportRow(size: SizeStock) {
  return {
    nmId: size.nmId,
    chrtId: size.chrtId,
    warehouseId: ALL_WAREHOUSES.id,
    warehouseName: ALL_WAREHOUSES.name,
    regionName: ALL_WAREHOUSES.name,
    quantity: size.quantities.reduce((sum, quantity) => sum + quantity, 0),
    inWayToClient: size.inWayToClient,
    inWayFromClient: size.inWayFromClient,
  };
}

/** Reference 10.2: one row of the remains report (per barcode and size), only non-zero quantities, pseudo-entries first. */
export function remainsRow(shape: CatalogShape, index: number, size: SizeStock) {
  const total = size.quantities.reduce((sum, quantity) => sum + quantity, 0);
  const entries = [
    { warehouseName: IN_WAY_TO_CLIENT, quantity: size.inWayToClient },
    { warehouseName: IN_WAY_FROM_CLIENT, quantity: size.inWayFromClient },
    { warehouseName: TOTAL_IN_WAREHOUSES, quantity: total },
    ...MARKETPLACE_WAREHOUSES.map((warehouse, n) => ({ warehouseName: warehouse.name, quantity: size.quantities[n] })),
  ];
  return {
    brand: brandOf(shape, index),
    subjectName: '',
    vendorCode: vendorCodeOf(shape, index),
    nmId: size.nmId,
    barcode: size.barcode,
    techSize: size.techSize,
    warehouses: entries.filter((entry) => entry.quantity > 0),
  };
}

/** Reference 10.3: a seller warehouse. */
export interface SellerWarehouse {
  id: number;
  officeId: number;
  name: string;
  cargoType: number;
  deliveryType: number;
  isDeleting: boolean;
  isProcessing: boolean;
}

/** Two FBS warehouses of the seller, ids fixed by the seed. */
export function sellerWarehousesOf(shape: CatalogShape): SellerWarehouse[] {
  const base = 1_000_000 + (shape.seed % 10_000) * 10;
  return [
    { id: base + 1, officeId: 15, name: 'Склад продавца, Подольск', cargoType: 1, deliveryType: 1, isDeleting: false, isProcessing: false },
    { id: base + 2, officeId: 22, name: 'Склад продавца, Казань', cargoType: 1, deliveryType: 1, isDeleting: false, isProcessing: false },
  ];
}

/** The amount of a size (chrtId) in a seller warehouse: 0 for about half of them. */
export function sellerAmount(warehouseId: number, chrtId: number): number {
  const random = seededRandom(Math.imul(warehouseId, 0x9e3779b1) ^ chrtId);
  return random() < 0.5 ? 0 : intBetween(random, 1, 30);
}
