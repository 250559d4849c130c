import { marketplaceInstant } from '../../../common/time/moscow-time';
import type { SupplyDetails, SupplyGood, SupplyListItem, SupplyStatusId } from '../../../marketplace/endpoints/fbw-supplies';

/** Reference 11.4: the statuses in the seller's words. */
export const SUPPLY_STATUS_NAMES: Record<SupplyStatusId, string> = {
  1: 'Не запланировано',
  2: 'Запланировано',
  3: 'Отгрузка разрешена',
  4: 'Идёт приёмка',
  5: 'Принято',
  6: 'Выгружено на воротах',
};

/** Reference 11.4: the status that ends a supply's way. */
export const SUPPLY_ACCEPTED: SupplyStatusId = 5;

/** A list item as the row it upserts; ids as exact digits, times as ISO instants. */
export interface SupplyListRow {
  supplyId: string | null;
  preorderId: string;
  status: SupplyStatusId;
  boxTypeId: number | null;
  createDate: string;
  supplyDate: string | null;
  factDate: string | null;
  mpUpdatedAt: string | null;
}

const instantOrNull = (text: string | null | undefined): string | null => (text ? marketplaceInstant(text) : null);

export function supplyListRow(item: SupplyListItem & { boxTypeID?: unknown }): SupplyListRow {
  return {
    supplyId: item.supplyID,
    preorderId: item.preorderID,
    status: item.statusID,
    boxTypeId: Number.isInteger(item.boxTypeID) ? (item.boxTypeID as number) : null,
    createDate: marketplaceInstant(item.createDate),
    supplyDate: instantOrNull(item.supplyDate),
    factDate: instantOrNull(item.factDate),
    mpUpdatedAt: instantOrNull(item.updatedDate),
  };
}

/** What the details call adds to a row. */
export interface SupplyDetailsRow {
  status: SupplyStatusId;
  warehouseId: number;
  warehouseName: string;
  supplyDate: string | null;
  factDate: string | null;
  quantity: number;
  acceptedQuantity: number;
  readyForSaleQuantity: number;
  /** Roubles with at most two decimals, as text for numeric. */
  acceptanceCost: string | null;
}

export function supplyDetailsRow(details: SupplyDetails): SupplyDetailsRow {
  return {
    status: details.statusID,
    warehouseId: details.warehouseID,
    warehouseName: details.warehouseName,
    supplyDate: instantOrNull(details.supplyDate),
    factDate: instantOrNull(details.factDate),
    quantity: details.quantity,
    acceptedQuantity: details.acceptedQuantity,
    readyForSaleQuantity: details.readyForSaleQuantity,
    acceptanceCost: details.acceptanceCost === null || details.acceptanceCost === undefined ? null : details.acceptanceCost.toFixed(2),
  };
}

export interface SupplyGoodRow {
  barcode: string;
  nmId: number;
  vendorCode: string;
  techSize: string;
  quantity: number;
  acceptedQuantity: number | null;
  readyForSaleQuantity: number | null;
}

/** The goods of a supply, one row per barcode (a barcode listed twice is summed). */
export function supplyGoodRows(goods: SupplyGood[]): SupplyGoodRow[] {
  const rows = new Map<string, SupplyGoodRow>();
  const plus = (a: number | null, b: number | null | undefined) =>
    a === null && (b === null || b === undefined) ? null : (a ?? 0) + (b ?? 0);
  for (const good of goods) {
    const seen = rows.get(good.barcode);
    rows.set(
      good.barcode,
      seen
        ? {
            ...seen,
            quantity: seen.quantity + good.quantity,
            acceptedQuantity: plus(seen.acceptedQuantity, good.acceptedQuantity),
            readyForSaleQuantity: plus(seen.readyForSaleQuantity, good.readyForSaleQuantity),
          }
        : {
            barcode: good.barcode,
            nmId: good.nmID,
            vendorCode: good.vendorCode,
            techSize: good.techSize,
            quantity: good.quantity,
            acceptedQuantity: good.acceptedQuantity ?? null,
            readyForSaleQuantity: good.readyForSaleQuantity ?? null,
          },
    );
  }
  return [...rows.values()];
}

/** Units the acceptance missed: quantity − accepted once accepted, null before (never below 0). */
export function shortfallOf(status: number, quantity: number, acceptedQuantity: number): number | null {
  return status === SUPPLY_ACCEPTED ? Math.max(0, quantity - acceptedQuantity) : null;
}
