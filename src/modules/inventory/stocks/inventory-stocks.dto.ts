import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { QueryIntField, SearchTextField, UuidField } from '../../../common/validation/fields';
import { STOCK_SOURCE_STATES, STOCK_WAREHOUSE_KINDS, StockSourceState, StockWarehouseKind } from '../../../database/schema';

export const INVENTORY_STOCK_SORT_FIELDS = ['quantity', 'nmId'] as const;
export type InventoryStockSortField = (typeof INVENTORY_STOCK_SORT_FIELDS)[number];

export class InventoryStockListQueryDto extends SortablePaginationQueryDto(INVENTORY_STOCK_SORT_FIELDS, {
  sortBy: 'nmId',
  sortDirection: 'asc',
}) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @UuidField({ optional: true, description: 'Только товары этого бренда' })
  brandId?: string;

  @QueryIntField({
    optional: true,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    description: 'Только товары с остатком на этом складе (warehouseId из warehouses)',
  })
  warehouseId?: number;

  @SearchTextField('Подстрока названия, артикула продавца или nmId, без учёта регистра')
  q?: string;
}

export class InventoryStockQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class InventoryWarehouseStockDto {
  @ApiProperty({
    description:
      'Склад: у складов маркетплейса — номер, который сервис дал его названию (отчёт об остатках называет склады, не номера), у складов продавца — номер маркетплейса',
  })
  warehouseId!: number;
  @ApiProperty() warehouseName!: string;
  @ApiProperty({ enum: STOCK_WAREHOUSE_KINDS, description: 'mp — склад маркетплейса, seller — склад продавца' })
  kind!: StockWarehouseKind;
  @ApiProperty() quantity!: number;
}

export class InventorySourcesDto {
  @ApiProperty({ enum: STOCK_SOURCE_STATES, description: 'Отчёт об остатках по складам маркетплейса' }) remains!: StockSourceState;
  @ApiProperty({ enum: STOCK_SOURCE_STATES, description: 'Отчёт об остатках на складах WB: товары в пути' })
  stockReport!: StockSourceState;
  @ApiProperty({ enum: STOCK_SOURCE_STATES, description: 'Склады продавца и их остатки' }) sellerWarehouses!: StockSourceState;
}

export class InventoryStockItemDto {
  @ApiProperty({ description: 'Артикул маркетплейса' }) nmId!: number;
  @ApiProperty({ description: 'Артикул продавца' }) vendorCode!: string;
  @ApiProperty() brand!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Всего на складах маркетплейса и продавца' }) quantity!: number;
  @ApiProperty({ description: 'В пути к покупателям' }) inWayToClient!: number;
  @ApiProperty({ description: 'В пути от покупателей (возвраты)' }) inWayFromClient!: number;
  @ApiProperty({ type: [InventoryWarehouseStockDto], description: 'Склады с ненулевым остатком' })
  warehouses!: InventoryWarehouseStockDto[];
  @ApiProperty({ nullable: true, type: Date, description: 'Когда сделан последний снимок остатков кабинета' })
  lastSnapshotAt!: Date | null;
  @ApiProperty({ nullable: true, type: InventorySourcesDto, description: 'Из каких источников получен последний снимок' })
  source!: InventorySourcesDto | null;
}

export class InventorySizeStockDto {
  @ApiProperty() techSize!: string;
  @ApiProperty({ nullable: true, type: String }) barcode!: string | null;
  @ApiProperty() quantity!: number;
  @ApiProperty() inWayToClient!: number;
  @ApiProperty() inWayFromClient!: number;
  @ApiProperty({ type: [InventoryWarehouseStockDto] }) warehouses!: InventoryWarehouseStockDto[];
}

export class InventoryStockDetailDto extends InventoryStockItemDto {
  @ApiProperty({ type: [InventorySizeStockDto], description: 'Размеры карточки с остатками' }) sizes!: InventorySizeStockDto[];
}
