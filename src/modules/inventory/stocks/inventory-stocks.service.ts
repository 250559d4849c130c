import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import { pageOffset, toPage } from '../../../common/http/pagination';
import type { Page } from '../../../common/http/pagination.dto';
import type {
  InventoryStockDetailDto,
  InventoryStockItemDto,
  InventoryStockListQueryDto,
  InventoryWarehouseStockDto,
} from './inventory-stocks.dto';
import { InventoryStocksRepository, SnapshotHead, StockTotalsRow, WarehouseStockRow } from './inventory-stocks.repository';

const SKU_NOT_FOUND = 'Товар не найден';

/** Rows of one SKU summed per warehouse (over its sizes), marketplace warehouses first. */
function byWarehouse(rows: WarehouseStockRow[]): InventoryWarehouseStockDto[] {
  const warehouses = new Map<string, InventoryWarehouseStockDto>();
  for (const row of rows) {
    const key = `${row.kind}|${row.warehouseId}`;
    const seen = warehouses.get(key);
    if (seen) seen.quantity += row.quantity;
    else warehouses.set(key, { warehouseId: row.warehouseId, warehouseName: row.warehouseName, kind: row.kind, quantity: row.quantity });
  }
  return [...warehouses.values()];
}

function item(totals: StockTotalsRow, rows: WarehouseStockRow[], snapshot: SnapshotHead | null): InventoryStockItemDto {
  return { ...totals, warehouses: byWarehouse(rows), lastSnapshotAt: snapshot?.takenAt ?? null, source: snapshot?.sources ?? null };
}

/** The stock routes: SKUs of the catalog with their stock by warehouse, as the last sync left it. */
@Injectable()
export class InventoryStocksService {
  constructor(private readonly repository: InventoryStocksRepository) {}

  async list(scope: DataScope, query: InventoryStockListQueryDto): Promise<Page<InventoryStockItemDto>> {
    const { brandId, warehouseId, q, sortBy, sortDirection, limit } = query;
    const { rows, total } = await this.repository.page({
      ...scope,
      brandId,
      warehouseId,
      q,
      sortBy,
      sortDirection,
      limit,
      offset: pageOffset(query),
    });
    const stock = await this.repository.warehouseRows(
      scope.accountId,
      rows.map((row) => row.nmId),
    );
    const snapshot = await this.repository.lastSnapshot(scope.accountId);
    const items = rows.map((totals) =>
      item(
        totals,
        stock.filter((row) => row.nmId === totals.nmId),
        snapshot,
      ),
    );
    return toPage(items, total, query);
  }

  /** One SKU with its sizes; 404 when the account's catalog has no such card or the user does not see its brand. */
  async detail(scope: DataScope, nmId: number): Promise<InventoryStockDetailDto> {
    const totals = await this.repository.totals(scope, nmId);
    if (!totals) throw AppError.notFound(SKU_NOT_FOUND);
    const stock = await this.repository.warehouseRows(scope.accountId, [nmId]);
    const inWay = await this.repository.inWayOfSizes(scope.accountId, nmId);
    const sizes = (await this.repository.sizesOf(scope.accountId, nmId)).map((size) => {
      const rows = stock.filter((row) => row.techSize === size.techSize);
      const transit = inWay.find((row) => row.techSize === size.techSize);
      return {
        techSize: size.techSize,
        barcode: size.skus[0] ?? null,
        quantity: rows.reduce((sum, row) => sum + row.quantity, 0),
        inWayToClient: transit?.inWayToClient ?? 0,
        inWayFromClient: transit?.inWayFromClient ?? 0,
        warehouses: byWarehouse(rows),
      };
    });
    return { ...item(totals, stock, await this.repository.lastSnapshot(scope.accountId)), sizes };
  }
}
