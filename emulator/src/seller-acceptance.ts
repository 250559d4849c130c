import { AcceptanceCell, acceptanceDays, BOX_TYPES, cellKey, FBW_WAREHOUSES, FbwWarehouse, generatedCell } from './generator/acceptance';

/** What the grid starts from: the generated, moving coefficients, or every cell closed (a quiet grid a test flips cells in). */
export const ACCEPTANCE_BASELINES = ['generated', 'closed'] as const;
export type AcceptanceBaseline = (typeof ACCEPTANCE_BASELINES)[number];

/** A seller's acceptance coefficients: the generated grid, cells set through the control API over it, and the disabled mode. */
export class SellerAcceptance {
  /** Cells set by the control API, by cellKey; they hold until set again. */
  private readonly set = new Map<string, AcceptanceCell>();
  baseline: AcceptanceBaseline = 'generated';
  /** The calls answer as the marketplace answers a disabled method (reference 11: "temporarily disabled"). */
  disabled = false;

  constructor(private readonly seed: number) {}

  warehouses(): readonly FbwWarehouse[] {
    return FBW_WAREHOUSES;
  }

  /** The grid now, of the given warehouses (all when none are given), warehouse by warehouse, day by day. */
  grid(warehouseIds: readonly number[], nowMs = Date.now()): { warehouse: FbwWarehouse; cell: AcceptanceCell }[] {
    const warehouses =
      warehouseIds.length === 0 ? FBW_WAREHOUSES : FBW_WAREHOUSES.filter((warehouse) => warehouseIds.includes(warehouse.id));
    return warehouses.flatMap((warehouse) =>
      acceptanceDays(nowMs).flatMap((day) =>
        BOX_TYPES.map((boxTypeId) => {
          const generated = generatedCell(this.seed, warehouse, day, boxTypeId, nowMs);
          const cell = this.set.get(cellKey(generated)) ?? (this.baseline === 'closed' ? { ...generated, coefficient: -1 } : generated);
          return { warehouse, cell };
        }),
      ),
    );
  }

  setCell(cell: AcceptanceCell): AcceptanceCell {
    this.set.set(cellKey(cell), cell);
    return cell;
  }

  /** Back to the generated grid, not disabled. */
  reset(): void {
    this.set.clear();
    this.baseline = 'generated';
    this.disabled = false;
  }
}
