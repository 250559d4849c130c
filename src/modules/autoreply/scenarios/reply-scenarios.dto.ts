import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { BooleanField, EnumField, IntField, QueryBooleanField, StringField, UuidField } from '../../../common/validation/fields';
import { REPLY_KIND_SCOPES, REPLY_MODES, ReplyKindScope, ReplyMode } from '../../../database/schema';

/** Stars of a feedback (spec: Reply scenario, ratingMin and ratingMax 1 to 5). */
const RatingField = (description: string) => IntField({ optional: true, nullable: true, min: 1, max: 5, description });
const ConditionField = (description: string) => StringField({ optional: true, nullable: true, maxLength: 200, trim: true, description });

export class ReplyScenarioCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @IntField({
    optional: true,
    min: 0,
    max: 1_000_000,
    description: 'Меньше — важнее; при равенстве выигрывает созданный раньше. По умолчанию 100',
  })
  priority?: number;

  @EnumField(REPLY_KIND_SCOPES, { description: 'feedbacks — отзывы, questions — вопросы, both — и то и другое' })
  kind!: ReplyKindScope;

  @ConditionField('Бренд товара, точно как на маркетплейсе; null — любой')
  brand?: string | null;

  @ConditionField('Категория; такое условие никогда не выполняется: у товаров маркетплейса нет категории')
  category?: string | null;

  @RatingField('Оценка отзыва не ниже, 1–5; сценарий с оценкой не подходит к вопросам')
  ratingMin?: number | null;

  @RatingField('Оценка отзыва не выше, 1–5; не меньше ratingMin')
  ratingMax?: number | null;

  @EnumField(REPLY_MODES, {
    optional: true,
    description:
      'manual — ответ отправляют вручную, auto — ответ публикуется сам после задержки AUTOREPLY_PUBLISH_DELAY_MS, пока её можно отменить. По умолчанию manual',
  })
  replyMode?: ReplyMode;

  @UuidField({ description: 'Шаблон ответа того же кабинета' })
  templateId!: string;

  @BooleanField({ optional: true, description: 'Переписать шаблон с помощью ИИ. По умолчанию false' })
  useLlm?: boolean;

  @BooleanField({ optional: true, description: 'По умолчанию true' })
  isActive?: boolean;
}

/** A partial scenario; null is a value only for brand, category, ratingMin and ratingMax. mpAccountId is an unknown field here. */
export class ReplyScenarioUpdateDto extends PartialType(OmitType(ReplyScenarioCreateDto, ['mpAccountId'] as const), {
  skipNullProperties: false,
}) {}

export const REPLY_SCENARIO_SORT_FIELDS = ['createdAt', 'priority'] as const;

export class ReplyScenarioListQueryDto extends SortablePaginationQueryDto(REPLY_SCENARIO_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'asc',
}) {
  @UuidField()
  mpAccountId!: string;

  @EnumField(REPLY_KIND_SCOPES, { optional: true })
  kind?: ReplyKindScope;

  @QueryBooleanField({ optional: true })
  isActive?: boolean;
}

export class ReplyScenarioMatchQueryDto {
  @UuidField()
  mpAccountId!: string;

  @UuidField({ description: 'id отзыва или вопроса из /autoreply/inbox' })
  feedbackId!: string;
}

export class ReplyScenarioResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ type: 'integer' }) priority!: number;
  @ApiProperty({ enum: REPLY_KIND_SCOPES }) kind!: ReplyKindScope;
  @ApiProperty({ type: 'string', nullable: true }) brand!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) category!: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) ratingMin!: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) ratingMax!: number | null;
  @ApiProperty({ enum: REPLY_MODES }) replyMode!: ReplyMode;
  @ApiProperty({ format: 'uuid' }) templateId!: string;
  @ApiProperty() useLlm!: boolean;
  @ApiProperty() isActive!: boolean;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
