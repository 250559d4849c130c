import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNumber, IsObject, ValidateNested } from 'class-validator';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { IntField, NestedArrayField, Optional, StringField, UuidField } from '../../../common/validation/fields';
import type { RepricerOutcome, RepricerTrigger } from '../../../database/schema/repricer';

/** Products of one run: the catalog is capped at about 100 thousand cards (spec: Catalog synchronisation schedule). */
const RUN_MAX_ITEMS = 100_000;

function MetricField(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, description }),
    Optional(),
    IsNumber({ allowNaN: false, allowInfinity: false }),
  );
}

export class RepricerMetricsDto {
  @MetricField('Запас в днях продаж') stock_days?: number;
  @MetricField('Место в рейтинге продаж категории') sales_rank?: number;
  @MetricField('Маржа, %') margin_pct?: number;
  @MetricField('Отклонение цены от средней цены конкурентов, %') price_gap_pct?: number;
}

export class RepricerRunItemDto {
  @IntField({ min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Артикул маркетплейса (nmID)', example: 123456789 }) nmId!: number;
  @StringField({
    optional: true,
    maxLength: 200,
    description: 'Бренд товара, как его пишет маркетплейс; без него правила по бренду не срабатывают',
  })
  brand?: string;
  @ApiPropertyOptional({
    type: RepricerMetricsDto,
    description: 'Показатели товара; правило с условием по показателю срабатывает, только если он передан',
  })
  @Optional()
  @IsObject()
  @ValidateNested()
  @Type(() => RepricerMetricsDto)
  metrics?: RepricerMetricsDto;
}

export class RepricerRunCreateDto {
  @UuidField({ description: 'Кабинет' }) mpAccountId!: string;
  @NestedArrayField(() => RepricerRunItemDto, {
    optional: true,
    maxItems: RUN_MAX_ITEMS,
    description: 'Бренды и показатели товаров для этого запуска (запуск через API)',
  })
  items?: RepricerRunItemDto[];
}

export const REPRICER_RUN_SORT_FIELDS = ['startedAt'] as const;

/** The run log: newest first unless sortDirection says otherwise. */
export class RepricerRunListQueryDto extends SortablePaginationQueryDto(REPRICER_RUN_SORT_FIELDS, {
  sortBy: 'startedAt',
  sortDirection: 'desc',
}) {
  @UuidField({ description: 'Кабинет' }) mpAccountId!: string;
}

export class RepricerRunResultDto {
  @ApiProperty({ format: 'uuid' }) runId!: string;
  @ApiProperty({ enum: ['success', 'no_changes', 'error'] }) outcome!: RepricerOutcome;
  @ApiProperty({ description: 'Изменённые цены, принятые маркетплейсом; при отказе — из пакетов, принятых до него' }) changed!: number;
  @ApiProperty({ description: 'Товары с ценой, которые запуск не изменил' }) skipped!: number;
  @ApiPropertyOptional({ description: 'Текст ошибки маркетплейса при исходе error' }) errorText?: string;
  @ApiProperty({ type: [Number], description: 'Принятые загрузки; при отказе — принятые до него' }) taskIds!: number[];
}

export class RepricerRunItemResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['manual', 'api', 'schedule'] }) trigger!: RepricerTrigger;
  @ApiProperty({ enum: ['success', 'no_changes', 'error'], nullable: true, description: 'null, пока запуск идёт' })
  outcome!: RepricerOutcome | null;
  @ApiProperty() changed!: number;
  @ApiProperty() skipped!: number;
  @ApiProperty({ type: String, nullable: true }) errorText!: string | null;
  @ApiProperty({ type: [Number] }) taskIds!: number[];
  @ApiProperty() startedAt!: Date;
  @ApiProperty({ type: Date, nullable: true }) finishedAt!: Date | null;
}
