import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsInt, Max, Min } from 'class-validator';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { DecimalField, IntField, Optional, UuidField } from '../../../common/validation/fields';
import { INVENTORY_SETTINGS_BOUNDS as B } from '../../../database/schema';

/** At most this many warehouses in a plan's filter. */
export const PLAN_WAREHOUSES_MAX = 100;

function WarehouseIdsField(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [Number], uniqueItems: true, minItems: 1, maxItems: PLAN_WAREHOUSES_MAX, description }),
    Optional(),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(PLAN_WAREHOUSES_MAX),
    ArrayUnique(),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(Number.MAX_SAFE_INTEGER, { each: true }),
  );
}

export class InventoryPlanCreateDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @IntField({ optional: true, ...B.targetDays, description: 'На сколько дней продаж; по умолчанию из настроек кабинета' })
  targetDays?: number;

  @IntField({ optional: true, ...B.leadTimeDays, description: 'Дней до приёмки поставки; по умолчанию из настроек кабинета' })
  leadTimeDays?: number;

  @DecimalField({ optional: true, ...B.safetyFactor, places: 2, description: 'Запас, множитель; по умолчанию из настроек кабинета' })
  safetyFactor?: number | null;

  @WarehouseIdsField('Считать остаток только на этих складах (warehouseId из остатков); по умолчанию на всех')
  warehouseIds?: number[];
}

export class InventoryPlansQueryDto extends PaginationQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class InventoryPlanQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class InventoryPlanParamsDto {
  @ApiProperty() targetDays!: number;
  @ApiProperty() leadTimeDays!: number;
  @ApiProperty() safetyFactor!: number;
  @ApiProperty({ type: [Number], nullable: true, description: 'null — все склады' }) warehouseIds!: number[] | null;
}

export class InventoryPlanLineDto {
  @ApiProperty() nmId!: number;
  @ApiProperty({ description: 'Размер (techSize)' }) size!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Баркод размера (первый из карточки); null — у размера нет баркода' })
  barcode!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Склад, если план составлен по одному складу; иначе null' })
  warehouseId!: number | null;
  @ApiProperty({ description: 'Заказов размера в день' }) velocityPerDay!: number;
  @ApiProperty({ description: 'Остаток размера на складах плана' }) stock!: number;
  @ApiProperty({ description: 'В поставках, ещё не принятых' }) inSupply!: number;
  @ApiProperty({ description: 'Сколько отправить' }) quantity!: number;
  @ApiProperty({ description: 'Как получено количество' }) reason!: string;
}

export class InventoryPlanSummaryDto {
  @ApiProperty() id!: string;
  @ApiProperty() mpAccountId!: string;
  @ApiProperty({ type: InventoryPlanParamsDto }) params!: InventoryPlanParamsDto;
  @ApiProperty({ description: 'Строк в плане' }) lineCount!: number;
  @ApiProperty({ description: 'Единиц к отправке всего' }) units!: number;
  @ApiProperty() createdAt!: Date;
}

export class InventoryPlanDto extends InventoryPlanSummaryDto {
  @ApiProperty({ type: [InventoryPlanLineDto] }) lines!: InventoryPlanLineDto[];
}
