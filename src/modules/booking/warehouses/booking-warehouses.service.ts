import { Injectable } from '@nestjs/common';

import type { DataScope } from '../../../common/auth/data-scope';
import { AppError } from '../../../common/errors/app-error';
import type { Page } from '../../../common/http/pagination.dto';
import { BookingWarehouseListQueryDto, BookingWarehouseResponseDto } from './booking-warehouses.dto';
import { BookingCoefficientRow, BookingWarehouseRow, BookingWarehousesRepository } from './booking-warehouses.repository';

export const BOOKING_WAREHOUSE_NOT_FOUND = 'Склад не найден среди складов кабинета';
/** Warehouse ids are 32-bit in the tables (reference 11.3: int); a larger one is no warehouse of the account. */
const WAREHOUSE_ID_MAX = 2_147_483_647;

function toResponse(row: BookingWarehouseRow, cells: BookingCoefficientRow[]): BookingWarehouseResponseDto {
  return {
    warehouseId: row.warehouseId,
    name: row.name,
    isSortingCenter: row.isSortingCenter,
    boxTypes: [...new Set(cells.map((cell) => cell.boxTypeId))].sort((a, b) => a - b),
    coefficients: cells.map(({ date, boxTypeId, coefficient, allowUnload }) => ({ date, boxTypeId, coefficient, allowUnload })),
    updatedAt: row.coefficientsAt,
    favourite: row.favourite,
  };
}

@Injectable()
export class BookingWarehousesService {
  constructor(private readonly repository: BookingWarehousesRepository) {}

  async list(scope: DataScope, query: BookingWarehouseListQueryDto): Promise<Page<BookingWarehouseResponseDto>> {
    const page = await this.repository.findPage(scope.accountId, query);
    const cells = await this.repository.coefficients(
      scope.accountId,
      page.items.map((row) => row.warehouseId),
    );
    return {
      items: page.items.map((row) =>
        toResponse(
          row,
          cells.filter((cell) => cell.warehouseId === row.warehouseId),
        ),
      ),
      meta: page.meta,
    };
  }

  async setFavourite(scope: DataScope, warehouseId: number, favourite: boolean): Promise<BookingWarehouseResponseDto> {
    const row = warehouseId <= WAREHOUSE_ID_MAX ? await this.repository.setFavourite(scope.accountId, warehouseId, favourite) : undefined;
    if (!row) throw AppError.notFound(BOOKING_WAREHOUSE_NOT_FOUND);
    return toResponse(row, await this.repository.coefficients(scope.accountId, [warehouseId]));
  }
}
