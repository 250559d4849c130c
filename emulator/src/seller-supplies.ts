import type { CatalogShape } from './generator/catalog';
import {
  accept,
  advance,
  FBW_WAREHOUSES,
  generatedSupply,
  goodOf,
  setStatus,
  settle,
  SupplyGoodState,
  SupplyState,
  SupplyStatus,
} from './generator/fbw-supplies';

/** Supply and order ids, unique across sellers as the marketplace's are. */
export interface SupplyIds {
  supplyId(): number;
  preorderId(): number;
}

/** What the control API adds: a supply planned at a warehouse and day, with goods of the catalog. */
export interface SupplyInput {
  warehouseId: number;
  /** Moscow midnight of the planned day. */
  supplyDateMs: number;
  /** Each good's barcode (card k's first size when absent) and quantity. */
  goods: { barcode?: string; quantity: number }[];
  status: SupplyStatus;
  boxTypeId: number;
}

/** A seller's FBW supplies (reference 11.4-11.6): generated ones move on with time, added ones only by the control API. */
export class SellerSupplies {
  private readonly supplies: SupplyState[];

  constructor(
    private readonly shape: CatalogShape,
    count: number,
    private readonly ids: SupplyIds,
    nowMs = Date.now(),
  ) {
    this.supplies =
      shape.cards > 0 ? Array.from({ length: count }, (_, k) => generatedSupply(shape, k, { preorderId: ids.preorderId() }, nowMs)) : [];
  }

  /** Every supply as it stands now, newest first. */
  all(nowMs = Date.now()): SupplyState[] {
    for (const supply of this.supplies) settle(supply, nowMs, () => this.ids.supplyId());
    return [...this.supplies].sort((a, b) => b.preorderId - a.preorderId);
  }

  /** A supply by its supply id, or an order by its preorder id. */
  find(id: number, isPreorderId: boolean): SupplyState | undefined {
    return this.all().find((supply) => (isPreorderId ? supply.preorderId === id : supply.supplyId === id));
  }

  /** By either id, for the control API. */
  findAny(id: number): SupplyState | undefined {
    return this.find(id, false) ?? this.find(id, true);
  }

  /** A supply the control API adds; an unknown barcode is an error. */
  add(input: SupplyInput, nowMs = Date.now()): SupplyState | string {
    const goods: SupplyGoodState[] = [];
    for (const [k, { barcode, quantity }] of input.goods.entries()) {
      const index = barcode === undefined ? k % this.shape.cards : this.cardOfBarcode(barcode);
      if (index === null) return `goods.${k}.barcode: not a barcode of the seller`;
      goods.push({ ...goodOf(this.shape, index, quantity), ...(barcode ? { barcode } : {}) });
    }
    const warehouse = FBW_WAREHOUSES.find(({ id }) => id === input.warehouseId);
    const supply: SupplyState = {
      supplyId: null,
      preorderId: this.ids.preorderId(),
      status: 1,
      boxTypeId: input.boxTypeId,
      warehouseId: input.warehouseId,
      warehouseName: warehouse?.name ?? `Склад ${input.warehouseId}`,
      createdMs: nowMs,
      supplyDateMs: input.supplyDateMs,
      factMs: null,
      updatedMs: nowMs,
      goods,
      acceptanceCost: null,
      paidAcceptanceCoefficient: 1,
      shortBy: 0,
      nextStepMs: null,
    };
    if (input.status !== 1) setStatus(supply, input.status, nowMs, () => this.ids.supplyId());
    this.supplies.push(supply);
    return supply;
  }

  /** One status on, or to the status given. */
  advance(supply: SupplyState, status?: SupplyStatus, nowMs = Date.now()): void {
    if (status === undefined) advance(supply, nowMs, () => this.ids.supplyId());
    else setStatus(supply, status, nowMs, () => this.ids.supplyId());
  }

  /** The units its acceptance counts (now, if it is accepted already; else when it is). */
  setAccepted(supply: SupplyState, acceptedQuantity: number, nowMs = Date.now()): void {
    const quantity = supply.goods.reduce((sum, good) => sum + good.quantity, 0);
    supply.shortBy = Math.max(0, quantity - acceptedQuantity);
    if (supply.status !== 5) return;
    accept(supply, acceptedQuantity);
    supply.updatedMs = nowMs;
  }

  private cardOfBarcode(barcode: string): number | null {
    for (let index = 0; index < this.shape.cards; index += 1) if (goodOf(this.shape, index, 0).barcode === barcode) return index;
    return null;
  }
}
