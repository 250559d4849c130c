import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import { pageOffset, toPage } from '../../../common/http/pagination';
import type { Page } from '../../../common/http/pagination.dto';
import { shiftDay } from '../../../common/time/calendar-days';
import { moscowToday } from '../../../common/time/moscow-time';
import { BookingSuppliesReader, UnitsInSupply } from '../../booking/supplies/booking-supplies.reader';
import { OrdersReader } from '../../digitization/reads/orders.reader';
import type {
  InventoryStockDetailDto,
  InventoryStockItemDto,
  InventoryStockListQueryDto,
  InventoryStockPointDto,
  InventoryWarehouseStockDto,
} from './inventory-stocks.dto';
import { InventoryStocksRepository, SnapshotHead, StockTotalsRow, WarehouseStockRow } from './inventory-stocks.repository';

const SKU_NOT_FOUND = 'Товар не найден';
/** A SKU's detail shows its last 30 Moscow days, today included. */
export const POINT_DAYS = 30;

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

function item(
  totals: StockTotalsRow,
  rows: WarehouseStockRow[],
  supply: UnitsInSupply[],
  snapshot: SnapshotHead | null,
): InventoryStockItemDto {
  return {
    ...totals,
    inSupply: supply.reduce((sum, row) => sum + row.quantity, 0),
    warehouses: byWarehouse(rows),
    lastSnapshotAt: snapshot?.takenAt ?? null,
    source: snapshot?.sources ?? null,
  };
}

/** The stock routes: SKUs of the catalog with their stock by warehouse, as the last sync left it. */
@Injectable()
export class InventoryStocksService {
  constructor(
    private readonly repository: InventoryStocksRepository,
    private readonly supplies: BookingSuppliesReader,
    private readonly orders: OrdersReader,
  ) {}

  async list(scope: DataScope, query: InventoryStockListQueryDto): Promise<Page<InventoryStockItemDto>> {
    const { brandId, warehouseId, q, status, sortBy, sortDirection, limit } = query;
    const { rows, total } = await this.repository.page({
      ...scope,
      brandId,
      warehouseId,
      q,
      status,
      sortBy,
      sortDirection,
      limit,
      offset: pageOffset(query),
    });
    const nmIds = rows.map((row) => row.nmId);
    const stock = await this.repository.warehouseRows(scope.accountId, nmIds);
    const supply = await this.supplies.unitsInSupply(scope.accountId, nmIds);
    const snapshot = await this.repository.lastSnapshot(scope.accountId);
    const items = rows.map((totals) =>
      item(
        totals,
        stock.filter((row) => row.nmId === totals.nmId),
        supply.filter((row) => row.nmId === totals.nmId),
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
    const supply = await this.supplies.unitsInSupply(scope.accountId, [nmId]);
    const sizes = (await this.repository.sizesOf(scope.accountId, nmId)).map((size) => {
      const rows = stock.filter((row) => row.techSize === size.techSize);
      const transit = inWay.find((row) => row.techSize === size.techSize);
      return {
        techSize: size.techSize,
        barcode: size.skus[0] ?? null,
        quantity: rows.reduce((sum, row) => sum + row.quantity, 0),
        inWayToClient: transit?.inWayToClient ?? 0,
        inWayFromClient: transit?.inWayFromClient ?? 0,
        inSupply: supply.find((row) => row.techSize === size.techSize)?.quantity ?? 0,
        warehouses: byWarehouse(rows),
      };
    });
    const snapshot = await this.repository.lastSnapshot(scope.accountId);
    return { ...item(totals, stock, supply, snapshot), sizes, points: await this.points(scope.accountId, nmId) };
  }

  /** The SKU's last POINT_DAYS Moscow days: units at each day's snapshot (null without one) and orders. */
  private async points(accountId: string, nmId: number): Promise<InventoryStockPointDto[]> {
    const today = moscowToday(new Date());
    const days = Array.from({ length: POINT_DAYS }, (_, index) => shiftDay(today, index - POINT_DAYS + 1));
    const stock = new Map((await this.repository.snapshotPoints(accountId, nmId, days[0])).map((row) => [row.day, row.quantity]));
    const orders = new Array<number>(days.length).fill(0);
    for (const row of await this.orders.dailyOrders(accountId, [nmId], days[0], today, false))
      row.dayOffsets.forEach((offset, index) => (orders[offset] += row.orders[index]));
    return days.map((day, index) => ({ day, quantity: stock.get(day) ?? null, orders: orders[index] }));
  }
}
