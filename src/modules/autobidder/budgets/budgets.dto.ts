import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';

import { PAGE_LIMIT_MAX, SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { DayField } from '../../../common/validation/day-field';
import { EnumField, IntField, QueryIntArrayField, UuidField } from '../../../common/validation/fields';
import { LIMIT_ACTIONS, LimitActionName } from '../../../database/schema/autobidder';

/** Whole roubles; the columns are 32-bit integers. A campaign's daily budget shares the bound. */
export const LIMIT_RUB_MAX = 1_000_000_000;
const LimitRubField = (description: string) => IntField({ optional: true, nullable: true, min: 1, max: LIMIT_RUB_MAX, description });

export class AdBudgetCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @IntField({
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    description: 'Кампания маркетплейса (advertId); синхронизация кампаний не обязательна. После создания не меняется',
  })
  advertId!: number;

  @LimitRubField('Лимит расхода за день (по Москве), целые рубли от 1; null — нет дневного лимита')
  dailyLimitRub?: number | null;

  @LimitRubField('Лимит расхода за период с periodStartDate по сегодня, целые рубли от 1; с ним нужен periodStartDate')
  periodLimitRub?: number | null;

  @DayField({ optional: true, description: 'Первый день периода (YYYY-MM-DD, по Москве), обязателен с periodLimitRub' })
  periodStartDate?: string;

  @EnumField(LIMIT_ACTIONS, { description: 'pause — приостановить кампанию, reduce_bids — снизить все её ставки вдвое' })
  onLimitAction!: LimitActionName;
}

/** A partial limit; mpAccountId and advertId are unknown fields here. */
export class AdBudgetUpdateDto extends PartialType(OmitType(AdBudgetCreateDto, ['mpAccountId', 'advertId'] as const), {
  skipNullProperties: false,
}) {}

export class AdBudgetListQueryDto extends SortablePaginationQueryDto(['createdAt'] as const, {
  sortBy: 'createdAt',
  sortDirection: 'asc',
}) {
  @UuidField()
  mpAccountId!: string;

  @QueryIntArrayField({
    optional: true,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    maxItems: PAGE_LIMIT_MAX,
    description: 'Только лимиты этих кампаний (advertId, параметр повторяется: ?advertId=1&advertId=2), до 100',
  })
  advertId?: number[];
}

export class AdBudgetResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty() advertId!: number;
  @ApiProperty({ type: 'integer', nullable: true }) dailyLimitRub!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) periodLimitRub!: number | null;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) periodStartDate!: string | null;
  @ApiProperty({ enum: LIMIT_ACTIONS }) onLimitAction!: LimitActionName;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'Время последней проверки лимита (POST /autobidder/budgets/check; периодической проверки нет); null — ещё не проверялся',
  })
  checkedAt!: Date | null;
  @ApiProperty({ description: 'Последняя проверка нашла лимит достигнутым' }) reachedAtCheck!: boolean;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
