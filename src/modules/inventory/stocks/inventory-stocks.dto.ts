import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { EnumField, QueryIntField, SearchTextField, UuidField } from '../../../common/validation/fields';
import {
  COVER_STATUSES,
  CoverStatus,
  STOCK_SOURCE_STATES,
  STOCK_WAREHOUSE_KINDS,
  StockSourceState,
  StockWarehouseKind,
} from '../../../database/schema';

export const INVENTORY_STOCK_SORT_FIELDS = ['daysOfCover', 'quantity', 'nmId'] as const;
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

  @EnumField(COVER_STATUSES, { optional: true, description: 'Только товары в этом состоянии запаса' })
  status?: CoverStatus;
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
  @ApiProperty({ description: 'В поставках на склады маркетплейса, ещё не принятых' }) inSupply!: number;
  @ApiProperty({ type: [InventoryWarehouseStockDto], description: 'Склады с ненулевым остатком' })
  warehouses!: InventoryWarehouseStockDto[];
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Заказов в день за 28 последних полных дней (по Москве) без дней, когда товара не было; null — не было ни дня в наличии',
  })
  velocityPerDay!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'На сколько дней хватит остатка: остаток ÷ скорость; null — без продаж' })
  daysOfCover!: number | null;
  @ApiProperty({
    enum: COVER_STATUSES,
    description:
      'oos — нет в наличии, urgent — запаса меньше чем на urgentDays, soon — меньше чем на soonDays, enough — достаточно, no_sales — нет продаж',
  })
  status!: CoverStatus;
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
  @ApiProperty({ description: 'В поставках, ещё не принятых' }) inSupply!: number;
  @ApiProperty({ type: [InventoryWarehouseStockDto] }) warehouses!: InventoryWarehouseStockDto[];
}

export class InventoryStockPointDto {
  @ApiProperty({ description: 'День по Москве, YYYY-MM-DD' }) day!: string;
  @ApiProperty({ nullable: true, type: Number, description: 'Остаток по снимку дня; null — снимка в этот день нет' })
  quantity!: number | null;
  @ApiProperty({ description: 'Заказов за день (без отменённых)' }) orders!: number;
}

export class InventoryStockDetailDto extends InventoryStockItemDto {
  @ApiProperty({ type: [InventorySizeStockDto], description: 'Размеры карточки с остатками' }) sizes!: InventorySizeStockDto[];
  @ApiProperty({ type: [InventoryStockPointDto], description: '30 последних дней по Москве, старые первыми, сегодня последним' })
  points!: InventoryStockPointDto[];
}
