import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { BooleanField, EnumField, IntField, StringField, UuidField } from '../../../common/validation/fields';
import { REPLY_MODES, ReplyMode } from '../../../database/schema';
import { COMPLAINT_REASON_CODES, ComplaintReason } from '../../../shared/autoreply/complaint-reasons';

const ConditionField = (description: string) => StringField({ optional: true, nullable: true, maxLength: 200, trim: true, description });

export class ComplaintRuleCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @IntField({ min: 1, max: 5, description: 'Правило подходит отзывам с оценкой не выше этой' })
  ratingMax!: number;

  @ConditionField('Только отзывы о товарах этого бренда (точное совпадение); null — любой бренд')
  brand?: string | null;

  @ConditionField('Категория товара; у товаров маркетплейса её нет, поэтому правило с категорией не срабатывает')
  category?: string | null;

  @EnumField(COMPLAINT_REASON_CODES, {
    optional: true,
    description: 'Причина жалобы (GET /autoreply/complaint-reasons); по умолчанию inaccurate_information',
  })
  reason?: ComplaintReason;

  @UuidField({ optional: true, nullable: true, description: 'Шаблон этого кабинета для основы текста; без него — текст причины' })
  templateId?: string | null;

  @EnumField(REPLY_MODES, {
    optional: true,
    description: 'manual — жалоба готовится черновиком, auto — сразу готова к подаче; по умолчанию manual',
  })
  replyMode?: ReplyMode;

  @IntField({ optional: true, min: 0, max: 1_000_000, description: 'Меньше — важнее; по умолчанию 100, при равенстве — созданное раньше' })
  priority?: number;

  @BooleanField({ optional: true, description: 'По умолчанию true' })
  isActive?: boolean;
}

/** A partial rule; null is a value only for brand, category and templateId. mpAccountId is an unknown field here. */
export class ComplaintRuleUpdateDto extends PartialType(OmitType(ComplaintRuleCreateDto, ['mpAccountId'] as const), {
  skipNullProperties: false,
}) {}

export const COMPLAINT_RULE_SORT_FIELDS = ['createdAt', 'priority'] as const;

export class ComplaintRuleListQueryDto extends SortablePaginationQueryDto(COMPLAINT_RULE_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'asc',
}) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class ComplaintRuleResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 5 }) ratingMax!: number;
  @ApiProperty({ type: String, nullable: true }) brand!: string | null;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty({ enum: COMPLAINT_REASON_CODES }) reason!: ComplaintReason;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) templateId!: string | null;
  @ApiProperty({ enum: REPLY_MODES }) replyMode!: ReplyMode;
  @ApiProperty({ type: 'integer' }) priority!: number;
  @ApiProperty() isActive!: boolean;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class ComplaintReasonDto {
  @ApiProperty({ enum: COMPLAINT_REASON_CODES }) code!: ComplaintReason;
  @ApiProperty({ example: 'Недостоверная информация о товаре' }) label!: string;
}

export class ComplaintReasonListDto {
  @ApiProperty({ type: [ComplaintReasonDto] }) items!: ComplaintReasonDto[];
}
