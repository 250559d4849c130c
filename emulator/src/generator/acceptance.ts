import { moscowDate, moscowDayNumber, moscowDayStartOf } from '../moscow-time';
import { intBetween, itemRandom } from './random';

/** Reference 11.1: box types 2 boxes, 5 mono-pallets, 6 supersafe. */
export const BOX_TYPES = [2, 5, 6] as const;
export type BoxType = (typeof BOX_TYPES)[number];

/** Days of coefficients answered, today (Moscow) first; the reference does not say how many (unconfirmed). */
export const ACCEPTANCE_DAYS = 14;

/** The generated grid changes every half hour, as sellers see the marketplace's coefficients move during a day. */
export const ACCEPTANCE_PERIOD_MS = 30 * 60_000;

/** An FBW warehouse (reference 11.3); sorting centres take supplies too. */
export interface FbwWarehouse {
  id: number;
  name: string;
  address: string;
  isSortingCenter: boolean;
}

/** Every seller sees the same warehouses, as on the marketplace. */
export const FBW_WAREHOUSES: readonly FbwWarehouse[] = [
  { id: 507, name: 'Коледино', address: 'Московская обл., г. Подольск, д. Коледино, ул. Троицкая, 20', isSortingCenter: false },
  { id: 117501, name: 'Подольск', address: 'Московская обл., г. Подольск, ул. Поливановская, 9', isSortingCenter: false },
  { id: 120762, name: 'Электросталь', address: 'Московская обл., г. Электросталь, ул. Индустриальная, 42', isSortingCenter: false },
  { id: 117986, name: 'Казань', address: 'Республика Татарстан, Зеленодольский р-н, пгт. Васильево', isSortingCenter: false },
  { id: 130744, name: 'Краснодар', address: 'Краснодарский край, г. Краснодар, ул. Тихорецкая, 40', isSortingCenter: false },
  { id: 686, name: 'Новосибирск', address: 'г. Новосибирск, ул. Петухова, 71', isSortingCenter: false },
  { id: 1733, name: 'Екатеринбург - Испытателей 14г', address: 'г. Екатеринбург, ул. Испытателей, 14г', isSortingCenter: false },
  { id: 206236, name: 'СЦ Белая Дача', address: 'Московская обл., г. Котельники, Яничкин проезд, 3', isSortingCenter: true },
];

/** One cell of the grid: a warehouse, a Moscow day, a box type. */
export interface AcceptanceCell {
  warehouseId: number;
  /** Moscow date, YYYY-MM-DD. */
  date: string;
  boxTypeId: BoxType;
  /** -1 closed (whatever allowUnload says), 0 free, from 1 the multiplier. */
  coefficient: number;
  allowUnload: boolean;
}

export function cellKey(cell: Pick<AcceptanceCell, 'warehouseId' | 'date' | 'boxTypeId'>): string {
  return `${cell.warehouseId}|${cell.date}|${cell.boxTypeId}`;
}

/**
 * A generated cell: fixed by the seller's seed, the cell and the half hour, so the grid moves over a day yet a test
 * reads the same answer twice within a period. About a third closed, a sixth free, the rest multipliers 1-20.
 */
export function generatedCell(seed: number, warehouse: FbwWarehouse, day: number, boxTypeId: BoxType, nowMs: number): AcceptanceCell {
  const period = Math.floor(nowMs / ACCEPTANCE_PERIOD_MS);
  const random = itemRandom(seed, warehouse.id * 131 + day * 7 + boxTypeId, period);
  const roll = random();
  const coefficient = roll < 0.35 ? -1 : roll < 0.5 ? 0 : roll < 0.9 ? intBetween(random, 1, 5) : intBetween(random, 6, 20);
  return { warehouseId: warehouse.id, date: moscowDate(moscowDayStartOf(day)), boxTypeId, coefficient, allowUnload: random() >= 0.1 };
}

/** The Moscow day numbers answered from `nowMs`: today and the next ACCEPTANCE_DAYS - 1. */
export function acceptanceDays(nowMs: number): number[] {
  const today = moscowDayNumber(nowMs);
  return Array.from({ length: ACCEPTANCE_DAYS }, (_, offset) => today + offset);
}

/** A Moscow date as the marketplace writes the coefficient's date (reference 11.1: "2024-04-11T00:00:00Z"). */
export function coefficientDate(date: string): string {
  return `${date}T00:00:00Z`;
}
