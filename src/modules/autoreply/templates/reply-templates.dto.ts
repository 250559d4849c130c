import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { EnumField, StringField, UuidField } from '../../../common/validation/fields';
import { REPLY_KIND_SCOPES, ReplyKindScope } from '../../../database/schema';
import { TEMPLATE_PLACEHOLDERS } from '../../../shared/autoreply/reply-template-text';

/** Spec: Limits, template text. */
export const TEMPLATE_TEXT_MAX = 5000;

/** The allowed placeholders as a user writes them, for messages and the contract. */
export const PLACEHOLDER_LIST = TEMPLATE_PLACEHOLDERS.map((name) => `{{ ${name} }}`).join(', ');

export class ReplyTemplateCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @StringField({ maxLength: 200, trim: true, example: 'Благодарность за отзыв' })
  name!: string;

  @EnumField(REPLY_KIND_SCOPES, { description: 'feedbacks — отзывы, questions — вопросы, both — и то и другое' })
  type!: ReplyKindScope;

  @StringField({
    maxLength: TEMPLATE_TEXT_MAX,
    trim: true,
    description: `Текст ответа; допустимы только плейсхолдеры ${PLACEHOLDER_LIST} (пробелы внутри скобок необязательны)`,
    example: 'Спасибо за отзыв о {{ productName }}!',
  })
  text!: string;
}

/** A partial template; mpAccountId is an unknown field here. */
export class ReplyTemplateUpdateDto extends PartialType(OmitType(ReplyTemplateCreateDto, ['mpAccountId'] as const), {
  skipNullProperties: false,
}) {}

export const REPLY_TEMPLATE_SORT_FIELDS = ['createdAt', 'name'] as const;

export class ReplyTemplateListQueryDto extends SortablePaginationQueryDto(REPLY_TEMPLATE_SORT_FIELDS, {
  sortBy: 'createdAt',
  sortDirection: 'asc',
}) {
  @UuidField()
  mpAccountId!: string;

  @EnumField(REPLY_KIND_SCOPES, { optional: true })
  type?: ReplyKindScope;
}

export class ReplyTemplateResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: REPLY_KIND_SCOPES }) type!: ReplyKindScope;
  @ApiProperty() text!: string;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
