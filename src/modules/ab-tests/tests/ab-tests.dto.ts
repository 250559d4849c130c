import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsUUID, ValidateNested } from 'class-validator';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { EnumField, IntField, QueryIntField, UuidField } from '../../../common/validation/fields';
import { AB_TEST_ON_FINISH, AB_TEST_VERDICTS, type AbTestOnFinish, type AbTestVerdictName } from '../../../database/schema/ab-tests';
import { AB_TEST_STATES, type AbTestState } from '../../../shared/ab-tests/ab-test-states';

/** Spec (A/B tests): bounds of a test's settings. */
export const AB_TEST_LIMITS = {
  variants: { min: 2, max: 10 },
  impressions: { min: 1000, max: 20_000 },
  hours: { min: 2, max: 5 },
  targetImpressions: { min: 1000, max: 1_000_000, default: 10_000 },
  settleMinutes: { min: 0, max: 24 * 60, default: 30 },
} as const;

/** When a variant gives way to the next: after so many views of the card in the campaign, or after so many hours. */
export class AbTestSwitchEveryDto {
  @IntField({
    optional: true,
    min: AB_TEST_LIMITS.impressions.min,
    max: AB_TEST_LIMITS.impressions.max,
    description: 'Переключать после стольких показов карточки в кампании; ровно одно из impressions и hours',
  })
  impressions?: number;

  @IntField({
    optional: true,
    min: AB_TEST_LIMITS.hours.min,
    max: AB_TEST_LIMITS.hours.max,
    description: 'Переключать через столько часов; ровно одно из impressions и hours',
  })
  hours?: number;
}

export class AbTestCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @IntField({ min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Артикул карточки (nmID) из каталога кабинета' })
  nmId!: number;

  @IntField({
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    description: 'Рекламная кампания (advertId), по статистике которой считаются показы и клики',
  })
  advertId!: number;

  @ApiProperty({
    type: [String],
    format: 'uuid',
    minItems: AB_TEST_LIMITS.variants.min,
    maxItems: AB_TEST_LIMITS.variants.max,
    uniqueItems: true,
    description: 'Изображения вариантов (id из POST /ab-test-images того же кабинета) в порядке вариантов, от 2 до 10 разных',
  })
  @IsArray()
  @ArrayMinSize(AB_TEST_LIMITS.variants.min)
  @ArrayMaxSize(AB_TEST_LIMITS.variants.max)
  @IsUUID('all', { each: true })
  variants!: string[];

  @ApiProperty({ type: AbTestSwitchEveryDto, description: 'Ровно одно: impressions 1000..20000 или hours 2..5' })
  @IsObject()
  @ValidateNested()
  @Type(() => AbTestSwitchEveryDto)
  switchEvery!: AbTestSwitchEveryDto;

  @IntField({
    optional: true,
    min: AB_TEST_LIMITS.targetImpressions.min,
    max: AB_TEST_LIMITS.targetImpressions.max,
    description: 'Показов на вариант, после которых подводится итог; по умолчанию 10 000',
  })
  targetImpressionsPerVariant?: number;

  @IntField({
    optional: true,
    min: AB_TEST_LIMITS.settleMinutes.min,
    max: AB_TEST_LIMITS.settleMinutes.max,
    description: 'Минут после переключения, которые не учитываются (фото обновляется у покупателей не сразу); по умолчанию 30',
  })
  settleMinutes?: number;

  @EnumField(AB_TEST_ON_FINISH, { description: 'По завершении: apply_winner — оставить победителя, restore — вернуть исходные фото' })
  onFinish!: AbTestOnFinish;
}

/** A partial test; only a draft may be changed; mpAccountId is an unknown field here. */
export class AbTestUpdateDto extends PartialType(OmitType(AbTestCreateDto, ['mpAccountId'] as const), { skipNullProperties: false }) {}

export class AbTestListQueryDto extends SortablePaginationQueryDto(['createdAt'] as const, { sortBy: 'createdAt', sortDirection: 'desc' }) {
  @UuidField()
  mpAccountId!: string;

  @EnumField(AB_TEST_STATES, { optional: true, description: 'Только тесты в этом состоянии' })
  state?: AbTestState;

  @QueryIntField({ optional: true, min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Только тесты этого артикула' })
  nmId?: number;
}

class AbTestSwitchEveryResponseDto {
  @ApiPropertyOptional({ type: 'integer' }) impressions?: number;
  @ApiPropertyOptional({ type: 'integer' }) hours?: number;
}

export class AbTestVariantImageDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Публичный адрес изображения без авторизации' }) publicUrl!: string;
  @ApiProperty({ type: 'integer' }) width!: number;
  @ApiProperty({ type: 'integer' }) height!: number;
}

export class AbTestResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ type: 'integer' }) nmId!: number;
  @ApiProperty({ type: 'integer' }) advertId!: number;
  @ApiProperty({ type: [String], format: 'uuid' }) variants!: string[];
  @ApiProperty({ type: [AbTestVariantImageDto], description: 'Изображения вариантов в порядке variants: адрес и размеры' })
  variantImages!: AbTestVariantImageDto[];
  @ApiProperty({ type: AbTestSwitchEveryResponseDto }) switchEvery!: AbTestSwitchEveryResponseDto;
  @ApiProperty({ type: 'integer' }) targetImpressionsPerVariant!: number;
  @ApiProperty({ type: 'integer' }) settleMinutes!: number;
  @ApiProperty({ enum: AB_TEST_ON_FINISH }) onFinish!: AbTestOnFinish;
  @ApiProperty({ enum: AB_TEST_STATES }) state!: AbTestState;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Причина паузы (manual, campaign_paused, out_of_stock, price_changed), ошибки или прерывания',
  })
  stateReason!: string | null;
  @ApiProperty({ enum: [...AB_TEST_VERDICTS, null], nullable: true, description: 'Итог завершённого теста' })
  verdict!: AbTestVerdictName | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Индекс варианта-победителя' }) winner!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Прирост CTR победителя к среднему остальных, %' })
  ctrUpliftPct!: number | null;
  @ApiProperty({ type: Date, nullable: true }) scheduledAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true }) startedAt!: Date | null;
  @ApiProperty({ type: Date, nullable: true }) endedAt!: Date | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

class AbIntervalDto {
  @ApiProperty() low!: number;
  @ApiProperty() high!: number;
}

export class AbVariantResultDto {
  @ApiProperty({ type: 'integer' }) variantIndex!: number;
  @ApiProperty({ format: 'uuid' }) imageId!: string;
  @ApiProperty({ type: 'integer', description: 'Показы за измеренные периоды (без окон после переключения)' }) views!: number;
  @ApiProperty({ type: 'integer' }) clicks!: number;
  @ApiProperty({ type: 'integer', description: 'Периодов показа, измеренных до конца' }) rotations!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'clicks / views' }) ctr!: number | null;
  @ApiProperty({ type: AbIntervalDto, description: 'Интервал Уилсона для CTR, 95 %' }) ctrInterval!: AbIntervalDto;
  @ApiProperty({
    description: 'Вероятность, что у варианта наибольший CTR: апостериорные Beta(1 + clicks, 1 + views − clicks), численное интегрирование',
  })
  probabilityBest!: number;
}

export class AbTestResultsDto {
  @ApiProperty({ format: 'uuid' }) testId!: string;
  @ApiProperty({ enum: AB_TEST_STATES }) state!: AbTestState;
  @ApiProperty({ type: 'integer' }) targetImpressionsPerVariant!: number;
  @ApiProperty({
    enum: ['winner', 'inconclusive', 'collecting'],
    description: 'winner — вариант лучший с вероятностью ≥ 0,95 при целевых показах; inconclusive — нет; collecting — показов ещё мало',
  })
  verdict!: 'winner' | 'inconclusive' | 'collecting';
  @ApiProperty({ type: 'integer', nullable: true }) winner!: number | null;
  @ApiProperty({ type: [AbVariantResultDto] }) variants!: AbVariantResultDto[];
}

export class AbTestRotationDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer' }) variantIndex!: number;
  @ApiProperty() startedAt!: Date;
  @ApiProperty() settleUntil!: Date;
  @ApiProperty({ type: Date, nullable: true }) endedAt!: Date | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Накопленные показы в конце окна после переключения' })
  viewsAtStart!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) clicksAtStart!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Накопленные показы при следующем переключении' })
  viewsAtEnd!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) clicksAtEnd!: number | null;
  @ApiProperty({ enum: ['settling', 'measuring', 'done', 'cut'] }) state!: string;
}
