import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import type { Page } from '../../../common/http/pagination.dto';
import { BookingTariffRow, BookingTariffsRepository } from './booking-tariffs.repository';
import { BookingWarehouseListQueryDto, BookingWarehouseResponseDto, BookingWarehouseTariffsDto } from './booking-warehouses.dto';
import { BookingCoefficientRow, BookingWarehouseRow, BookingWarehousesRepository } from './booking-warehouses.repository';
import { BOX_TARIFF_FIELDS, PALLET_TARIFF_FIELDS, warehouseNameKey } from './warehouse-tariffs';

export const BOOKING_WAREHOUSE_NOT_FOUND = 'Склад не найден среди складов кабинета';
/** Warehouse ids are 32-bit in the tables (reference 11.3: int); a larger one is no warehouse of the account. */
const WAREHOUSE_ID_MAX = 2_147_483_647;

/** Stored decimals (numeric, to the kopeck) as JSON numbers: two places at most, so exact as sent. */
function tariffsOf(row: BookingTariffRow | undefined): BookingWarehouseTariffsDto | null {
  if (!row) return null;
  const rates = Object.fromEntries(
    [...BOX_TARIFF_FIELDS, ...PALLET_TARIFF_FIELDS].map((field) => [field, row[field] === null ? null : Number(row[field])]),
  );
  return { currency: row.currency, ...rates, updatedAt: row.updatedAt } as BookingWarehouseTariffsDto;
}

function toResponse(
  row: BookingWarehouseRow,
  cells: BookingCoefficientRow[],
  tariffs: BookingTariffRow | undefined,
): BookingWarehouseResponseDto {
  return {
    warehouseId: row.warehouseId,
    name: row.name,
    isSortingCenter: row.isSortingCenter,
    boxTypes: [...new Set(cells.map((cell) => cell.boxTypeId))].sort((a, b) => a - b),
    coefficients: cells.map(({ date, boxTypeId, coefficient, allowUnload }) => ({ date, boxTypeId, coefficient, allowUnload })),
    updatedAt: row.coefficientsAt,
    tariffs: tariffsOf(tariffs),
    favourite: row.favourite,
  };
}

@Injectable()
export class BookingWarehousesService {
  constructor(
    private readonly repository: BookingWarehousesRepository,
    private readonly tariffs: BookingTariffsRepository,
  ) {}

  /** The account's tariffs by warehouse name (the tariffs name warehouses, not ids). */
  private async tariffsByName(mpAccountId: string): Promise<Map<string, BookingTariffRow>> {
    const rows = await this.tariffs.forAccount(mpAccountId);
    return new Map(rows.map((row) => [warehouseNameKey(row.warehouseName), row]));
  }

  async list(scope: DataScope, query: BookingWarehouseListQueryDto): Promise<Page<BookingWarehouseResponseDto>> {
    const page = await this.repository.findPage(scope.accountId, query);
    const [cells, tariffs] = await Promise.all([
      this.repository.coefficients(
        scope.accountId,
        page.items.map((row) => row.warehouseId),
      ),
      this.tariffsByName(scope.accountId),
    ]);
    return {
      items: page.items.map((row) =>
        toResponse(
          row,
          cells.filter((cell) => cell.warehouseId === row.warehouseId),
          tariffs.get(warehouseNameKey(row.name)),
        ),
      ),
      meta: page.meta,
    };
  }

  async setFavourite(scope: DataScope, warehouseId: number, favourite: boolean): Promise<BookingWarehouseResponseDto> {
    const row = warehouseId <= WAREHOUSE_ID_MAX ? await this.repository.setFavourite(scope.accountId, warehouseId, favourite) : undefined;
    if (!row) throw AppError.notFound(BOOKING_WAREHOUSE_NOT_FOUND);
    const [cells, tariffs] = await Promise.all([
      this.repository.coefficients(scope.accountId, [warehouseId]),
      this.tariffsByName(scope.accountId),
    ]);
    return toResponse(row, cells, tariffs.get(warehouseNameKey(row.name)));
  }
}
