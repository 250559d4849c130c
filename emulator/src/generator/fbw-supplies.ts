import { DAY_MS, moscowDayNumber, moscowDayStartOf, moscowIso } from '../moscow-time';
import { CatalogShape, nmIdOf, sizesOf, vendorCodeOf } from './catalog';
import { intBetween, itemRandom, pick } from './random';

/** Reference 11.4: 1 not planned, 2 planned, 3 dispatch allowed, 4 accepting, 5 accepted, 6 unloaded at the gate. */
export type SupplyStatus = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * The order a supply goes through. The reference lists the values only; we read "unloaded at the gate" (6) as the
 * arrival that comes before acceptance starts (4), and 5 as the end.
 */
export const STATUS_ORDER: readonly SupplyStatus[] = [1, 2, 3, 6, 4, 5];

/** FBW warehouses the generated supplies go to (ids and names as the marketplace's examples give them). */
export const FBW_WAREHOUSES: readonly { id: number; name: string }[] = [
  { id: 507, name: 'Коледино' },
  { id: 117501, name: 'Подольск' },
  { id: 120762, name: 'Электросталь' },
  { id: 206348, name: 'Тула' },
  { id: 130744, name: 'Краснодар' },
  { id: 117986, name: 'Казань' },
];

export interface SupplyGoodState {
  barcode: string;
  vendorCode: string;
  nmID: number;
  techSize: string;
  quantity: number;
  /** Units the acceptance counted; set when the supply is accepted. */
  accepted: number;
}

/** One FBW supply (an order until it is planned) as it stands. */
export interface SupplyState {
  /** Null while it is an order (status 1): reference 11.4. */
  supplyId: number | null;
  preorderId: number;
  status: SupplyStatus;
  boxTypeId: number;
  warehouseId: number;
  warehouseName: string;
  createdMs: number;
  /** Moscow midnight of the planned dispatch day; null until planned. */
  supplyDateMs: number | null;
  /** When it arrived at the warehouse; null before. */
  factMs: number | null;
  updatedMs: number;
  goods: SupplyGoodState[];
  /** Preliminary acceptance cost, roubles with kopecks; null until planned. */
  acceptanceCost: number | null;
  paidAcceptanceCoefficient: number;
  /** Units the acceptance will miss, unless set by the control API. */
  shortBy: number;
  /** When the next status comes by itself; null: only the control API moves it. */
  nextStepMs: number | null;
}

/** A generated supply moves on by one status this long after the previous one. */
export const SUPPLY_STEP_MS = 12 * 3_600_000;
/** Generated supplies: created over the last this many days. */
const SUPPLY_DAYS = 20;
/** Acceptance cost per unit at coefficient 1, roubles. */
const ACCEPTANCE_RUB_PER_UNIT = 1.75;

const quantityOf = (supply: SupplyState): number => supply.goods.reduce((sum, good) => sum + good.quantity, 0);

/** The goods of card k (its first size) with a quantity. */
export function goodOf(shape: CatalogShape, index: number, quantity: number): SupplyGoodState {
  const [size] = sizesOf(shape, index);
  return {
    barcode: size.skus[0],
    vendorCode: vendorCodeOf(shape, index),
    nmID: nmIdOf(shape, index),
    techSize: size.techSize,
    quantity,
    accepted: 0,
  };
}

/** Planned at a day: a supply id, the day and its preliminary cost. */
export function plan(supply: SupplyState, supplyId: number, dayMs: number): void {
  supply.supplyId = supply.supplyId ?? supplyId;
  supply.supplyDateMs = dayMs;
  supply.acceptanceCost = Math.round(quantityOf(supply) * ACCEPTANCE_RUB_PER_UNIT * supply.paidAcceptanceCoefficient * 100) / 100;
}

/** The units accepted in all, spread over the goods in order: the last goods miss the shortfall. */
export function accept(supply: SupplyState, acceptedQuantity: number): void {
  let left = Math.min(acceptedQuantity, quantityOf(supply));
  for (const good of supply.goods) {
    good.accepted = Math.min(good.quantity, left);
    left -= good.accepted;
  }
}

/** One status on, at `atMs`: planning gives it a supply id, arrival a fact date, acceptance its counts. */
export function advance(supply: SupplyState, atMs: number, newSupplyId: () => number): void {
  const next = STATUS_ORDER[STATUS_ORDER.indexOf(supply.status) + 1];
  if (next === undefined) return;
  setStatus(supply, next, atMs, newSupplyId);
}

/** A status set at `atMs`, with what the statuses before it would have given the supply. */
export function setStatus(supply: SupplyState, status: SupplyStatus, atMs: number, newSupplyId: () => number): void {
  const rank = STATUS_ORDER.indexOf(status);
  if (rank >= 1 && supply.supplyId === null)
    plan(supply, newSupplyId(), supply.supplyDateMs ?? moscowDayStartOf(moscowDayNumber(atMs) + 1));
  if (rank >= STATUS_ORDER.indexOf(6) && supply.factMs === null) supply.factMs = atMs;
  if (status === 5) accept(supply, quantityOf(supply) - supply.shortBy);
  supply.status = status;
  supply.updatedMs = atMs;
  if (status === 5) supply.nextStepMs = null;
}

/** Moves a generated supply on by every step due by `nowMs`. */
export function settle(supply: SupplyState, nowMs: number, newSupplyId: () => number): void {
  while (supply.nextStepMs !== null && supply.nextStepMs <= nowMs) {
    const at = supply.nextStepMs;
    supply.nextStepMs += SUPPLY_STEP_MS;
    advance(supply, at, newSupplyId);
  }
}

/**
 * Supply k of a seller: created within the last SUPPLY_DAYS days (every third within two), 1-4 goods of the catalog, a warehouse, a
 * coefficient; about a third of them will be accepted short of 1-5 % of their units. It starts as an order and moves on
 * one status every SUPPLY_STEP_MS, so older ones are accepted and newer ones still on their way.
 */
export function generatedSupply(shape: CatalogShape, k: number, ids: { preorderId: number }, nowMs: number): SupplyState {
  const random = itemRandom(shape.seed, k, 0x5a11);
  // Every third one is of the last two days, so that a seller always has some on their way.
  const createdMs = nowMs - Math.floor(random() * (k % 3 === 0 ? 2 : SUPPLY_DAYS) * DAY_MS);
  const warehouse = pick(random, FBW_WAREHOUSES);
  const goods = Array.from({ length: Math.min(shape.cards, intBetween(random, 1, 4)) }, (_, n) =>
    goodOf(shape, (k * 4 + n) % shape.cards, intBetween(random, 5, 60)),
  );
  const quantity = goods.reduce((sum, good) => sum + good.quantity, 0);
  return {
    supplyId: null,
    preorderId: ids.preorderId,
    status: 1,
    boxTypeId: pick(random, [2, 5]),
    warehouseId: warehouse.id,
    warehouseName: warehouse.name,
    createdMs,
    supplyDateMs: moscowDayStartOf(moscowDayNumber(createdMs) + intBetween(random, 1, 3)),
    factMs: null,
    updatedMs: createdMs,
    goods,
    acceptanceCost: null,
    paidAcceptanceCoefficient: pick(random, [0, 1, 1, 2, 3]),
    shortBy: random() < 0.33 ? Math.max(1, Math.round((quantity * intBetween(random, 1, 5)) / 100)) : 0,
    nextStepMs: createdMs + SUPPLY_STEP_MS,
  };
}

/** The planned day, once planned: an order (status 1) has none yet. */
const plannedDate = (supply: SupplyState): string | null =>
  supply.status === 1 || supply.supplyDateMs === null ? null : moscowIso(supply.supplyDateMs);

/** Reference 11.4: the list's item. */
export function supplyListItem(supply: SupplyState) {
  return {
    supplyID: supply.supplyId,
    preorderID: supply.preorderId,
    createDate: moscowIso(supply.createdMs),
    supplyDate: plannedDate(supply),
    factDate: supply.factMs === null ? null : moscowIso(supply.factMs),
    updatedDate: moscowIso(supply.updatedMs),
    statusID: supply.status,
    boxTypeID: supply.boxTypeId,
    ...(supply.boxTypeId === 2 ? { isBoxOnPallet: false } : {}),
    phone: '+7 900 *** 00 00',
  };
}

const acceptedYet = (supply: SupplyState): boolean => supply.status === 5;

/** Reference 11.5: models.SupplyDetails. */
export function supplyDetails(supply: SupplyState) {
  const accepted = supply.goods.reduce((sum, good) => sum + good.accepted, 0);
  const arrived = supply.factMs !== null;
  return {
    statusID: supply.status,
    boxTypeID: supply.boxTypeId,
    ...(supply.boxTypeId === 2 ? { isBoxOnPallet: false } : {}),
    createDate: moscowIso(supply.createdMs),
    supplyDate: plannedDate(supply),
    factDate: supply.factMs === null ? null : moscowIso(supply.factMs),
    updatedDate: moscowIso(supply.updatedMs),
    phone: '+7 900 *** 00 00',
    supplierAssignName: 'Магазин',
    warehouseID: supply.warehouseId,
    warehouseName: supply.warehouseName,
    actualWarehouseID: arrived ? supply.warehouseId : null,
    actualWarehouseName: arrived ? supply.warehouseName : '',
    transitWarehouseID: null,
    transitWarehouseName: '',
    acceptanceCost: supply.acceptanceCost,
    paidAcceptanceCoefficient: supply.acceptanceCost === null ? null : supply.paidAcceptanceCoefficient,
    deliveryCoef: '200',
    storageCoef: '215',
    rejectReason: null,
    quantity: quantityOf(supply),
    acceptedQuantity: accepted,
    readyForSaleQuantity: acceptedYet(supply) ? accepted : 0,
    unloadingQuantity: arrived ? quantityOf(supply) : 0,
    depersonalizedQuantity: 0,
  };
}

/** Reference 11.6: models.GoodInSupply. */
export function supplyGood(supply: SupplyState, good: SupplyGoodState) {
  const accepted = acceptedYet(supply);
  return {
    barcode: good.barcode,
    vendorCode: good.vendorCode,
    nmID: good.nmID,
    techSize: good.techSize,
    color: null,
    needKiz: false,
    tnved: null,
    quantity: good.quantity,
    supplierBoxAmount: good.quantity,
    readyForSaleQuantity: accepted ? good.accepted : null,
    acceptedQuantity: accepted ? good.accepted : null,
    unloadingQuantity: supply.factMs === null ? null : good.quantity,
  };
}
