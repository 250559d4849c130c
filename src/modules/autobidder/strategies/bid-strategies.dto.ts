import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { ArrayUnique, IsArray, IsInt, Max, Min } from 'class-validator';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import {
  BooleanField,
  DecimalField,
  EnumField,
  IntField,
  Optional,
  QueryBooleanField,
  SearchTextField,
  StringField,
  UuidField,
} from '../../../common/validation/fields';
import { BID_GOALS, BidGoalName } from '../../../database/schema/autobidder';

/** Bids in kopecks; the columns are 32-bit integers. */
const BID_MAX_KOPECKS = 1_000_000_000;
/** Campaign ids (advertId): distinct positive integers; how many is a cap of the service (AUTOBIDDER_MAX_CAMPAIGNS_PER_STRATEGY). */
function CampaignIdsField(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [Number], uniqueItems: true, description }),
    Optional(),
    IsArray(),
    ArrayUnique(),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(Number.MAX_SAFE_INTEGER, { each: true }),
  );
}

export class BidStrategyCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @StringField({ maxLength: 200, trim: true, example: 'Цена клика 12 ₽' })
  name!: string;

  @EnumField(BID_GOALS, {
    description: 'cpc — целевая цена клика, drr — доля рекламных расходов, position — позиция (drr и position ставки не пересчитывают)',
  })
  goal!: BidGoalName;

  @IntField({
    optional: true,
    nullable: true,
    min: 1,
    max: BID_MAX_KOPECKS,
    description: 'Целевая цена клика в копейках; обязательна для цели cpc',
  })
  targetCpc?: number | null;

  @DecimalField({ optional: true, min: 0.01, max: 1000, places: 2, description: 'Целевая доля рекламных расходов, %' })
  targetDrrPct?: number | null;

  @IntField({ optional: true, nullable: true, min: 1, max: 1000, description: 'Целевая позиция в выдаче' })
  targetPosition?: number | null;

  @IntField({ min: 1, max: BID_MAX_KOPECKS, description: 'Минимальная ставка в копейках, не больше maxBid' })
  minBid!: number;

  @IntField({ min: 1, max: BID_MAX_KOPECKS, description: 'Максимальная ставка в копейках' })
  maxBid!: number;

  @CampaignIdsField('Кампании стратегии (advertId); пустой список — все кампании, не привязанные к стратегии. По умолчанию []')
  campaigns?: number[];

  @BooleanField({ optional: true, description: 'По умолчанию true' })
  isActive?: boolean;
}

/** A partial strategy; mpAccountId is an unknown field here. */
export class BidStrategyUpdateDto extends PartialType(OmitType(BidStrategyCreateDto, ['mpAccountId'] as const), {
  skipNullProperties: false,
}) {}

export class BidStrategyListQueryDto extends SortablePaginationQueryDto(['createdAt', 'name'] as const, {
  sortBy: 'createdAt',
  sortDirection: 'asc',
}) {
  @UuidField()
  mpAccountId!: string;

  @QueryBooleanField({ optional: true })
  isActive?: boolean;

  @SearchTextField('Подстрока названия стратегии, без учёта регистра')
  q?: string;
}

export class BidStrategyResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: BID_GOALS }) goal!: BidGoalName;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Копейки' }) targetCpc!: number | null;
  @ApiProperty({ type: 'number', nullable: true }) targetDrrPct!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) targetPosition!: number | null;
  @ApiProperty({ description: 'Копейки' }) minBid!: number;
  @ApiProperty({ description: 'Копейки' }) maxBid!: number;
  @ApiProperty({ type: [Number] }) campaigns!: number[];
  @ApiProperty() isActive!: boolean;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
