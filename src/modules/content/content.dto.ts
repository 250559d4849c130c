import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  Max,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';

import { PaginationQueryDto } from '../../common/http/pagination.dto';
import { KpiIndicatorDoc, KpiSummaryDto } from '../../common/kpi/kpi-summary.dto';
import { EnumField, IntField, NestedArrayField, QueryIntField, StringField, UuidField } from '../../common/validation/fields';
import { CONTENT_DRAFT_STATUSES, type ContentDraftStatus, KB_SOURCE_TYPES, type KbSourceType } from '../../database/schema';
import { JobStatusDto } from '../../queue/job-status.dto';
import { CONTENT_FIELDS, type ContentField } from './content-prompt';

/** Cards of one generation request. */
export const GENERATE_CARDS_MAX = 100;
/** Reference 15.1: the longest description a category allows; a longer edit is refused before it is stored. */
const DESCRIPTION_MAX = 5000;
/** A title the seller writes may be longer than 60 (it then shows as an error and is never sent), but not without bound. */
const TITLE_EDIT_MAX = 200;
const NOTES_MAX = 1000;
const CHARACTERISTICS_MAX = 100;
const CHARACTERISTIC_VALUES_MAX = 50;

export class ContentGenerateDto {
  @UuidField({ description: 'Кабинет' }) mpAccountId!: string;

  @ApiProperty({
    type: [Number],
    minItems: 1,
    maxItems: GENERATE_CARDS_MAX,
    uniqueItems: true,
    description: 'Карточки (nmID), от 1 до 100',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(GENERATE_CARDS_MAX)
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(Number.MAX_SAFE_INTEGER, { each: true })
  nmIds!: number[];

  @ApiProperty({ enum: CONTENT_FIELDS, isArray: true, minItems: 1, maxItems: CONTENT_FIELDS.length, description: 'Что переписать' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CONTENT_FIELDS.length)
  @ArrayUnique()
  @IsIn(CONTENT_FIELDS as unknown as string[], { each: true })
  fields!: ContentField[];

  @StringField({ optional: true, maxLength: NOTES_MAX, description: 'Пожелания продавца для ИИ' })
  notes?: string;
}

export class ContentRegenerateDto {
  @StringField({ optional: true, maxLength: NOTES_MAX, description: 'Пожелания продавца для ИИ' })
  notes?: string;
}

export class ContentJobStartedDto {
  @ApiProperty({ format: 'uuid', description: 'Задача; её состояние — GET /content/jobs/{id}' }) jobId!: string;
}

export class ContentJobDto extends JobStatusDto {
  @ApiProperty({ nullable: true, type: String, description: 'Код ошибки, которой задача закончилась (LLM_UNAVAILABLE — ИИ недоступен)' })
  errorCode!: string | null;
}

/** A characteristic's value: an array of strings (charcType 1) or a single number (charcType 4). */
function CharacteristicValueField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      oneOf: [{ type: 'array', items: { type: 'string', maxLength: 500 }, maxItems: CHARACTERISTIC_VALUES_MAX }, { type: 'number' }],
      description: 'Значение: массив строк или одно число',
    }),
    ValidateBy({
      name: 'isCharacteristicValue',
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'number' && Number.isFinite(value)) ||
          (Array.isArray(value) &&
            value.length <= CHARACTERISTIC_VALUES_MAX &&
            value.every((item) => typeof item === 'string' && item.length >= 1 && item.length <= 500)),
        defaultMessage: () => 'value: массив строк или число',
      },
    }),
  );
}

export class ContentCharacteristicInputDto {
  @IntField({ min: 1, max: 2_147_483_647, description: 'Характеристика (charcID)' }) id!: number;
  @CharacteristicValueField() value!: string[] | number;
}

export class ContentProposedPatchDto {
  @StringField({
    optional: true,
    maxLength: TITLE_EDIT_MAX,
    description: 'Название; длиннее 60 символов — ошибка, такой черновик не отправить',
  })
  title?: string;
  @StringField({ optional: true, minLength: 0, maxLength: DESCRIPTION_MAX, description: 'Описание' })
  description?: string;
  @NestedArrayField(() => ContentCharacteristicInputDto, {
    optional: true,
    minItems: 0,
    maxItems: CHARACTERISTICS_MAX,
    description: 'Характеристики, целиком',
  })
  characteristics?: ContentCharacteristicInputDto[];
}

export class ContentDraftPatchDto {
  @ApiProperty({ type: ContentProposedPatchDto, description: 'Правки продавца; не переданные поля не меняются' })
  @IsObject()
  @ValidateNested()
  @Type(() => ContentProposedPatchDto)
  proposed!: ContentProposedPatchDto;
}

export class ContentCharacteristicDto {
  @ApiProperty() id!: number;
  @ApiPropertyOptional() name?: string;
  @ApiProperty({ oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'number' }] }) value!: unknown;
}

export class ContentTextsDto {
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [ContentCharacteristicDto] }) characteristics!: ContentCharacteristicDto[];
}

export class ContentKeywordDto {
  @ApiProperty() text!: string;
  @ApiProperty({ description: 'Частота запроса за период' }) frequency!: number;
}

export class ContentIssueDto {
  @ApiProperty({ description: 'title, description, characteristics, keywords или proposed' }) field!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ enum: ['error', 'warning', 'info'], description: 'error — такой черновик не отправить' }) severity!: string;
}

/** A knowledge base version whose facts the AI was given. */
export class ContentKnowledgeSourceDto {
  @ApiProperty({ enum: KB_SOURCE_TYPES, description: 'article — статья, document — загруженный документ' }) sourceType!: KbSourceType;
  @ApiProperty({ format: 'uuid', description: 'Статья или документ' }) sourceId!: string;
  @ApiProperty({ description: 'Версия статьи (у документа — 1)' }) version!: number;
}

export class ContentDiffDto {
  @ApiProperty({ description: 'Поле' }) field!: string;
  @ApiProperty({ description: 'Было' }) before!: unknown;
  @ApiProperty({ description: 'Станет' }) after!: unknown;
}

export class ContentDraftDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty() nmId!: number;
  @ApiProperty({ description: 'SHA-256 карточки (канонический JSON), с которой сделан черновик' }) baseHash!: string;
  @ApiProperty({ type: [ContentKeywordDto] }) keywords!: ContentKeywordDto[];
  @ApiProperty({ type: ContentTextsDto }) current!: ContentTextsDto;
  @ApiProperty({ type: ContentTextsDto }) proposed!: ContentTextsDto;
  @ApiProperty({ type: [ContentDiffDto], description: 'Изменённые поля' }) diff!: ContentDiffDto[];
  @ApiProperty({ minimum: 0, maximum: 100 }) scoreBefore!: number;
  @ApiProperty({ minimum: 0, maximum: 100 }) scoreAfter!: number;
  @ApiProperty({ type: [ContentIssueDto] }) issues!: ContentIssueDto[];
  @ApiProperty({ enum: CONTENT_DRAFT_STATUSES }) status!: ContentDraftStatus;
  @ApiProperty({ nullable: true, type: String, description: 'Сообщение маркетплейса, отклонившего карточку' }) mpError!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Почему черновик вернулся продавцу' }) note!: string | null;
  @ApiProperty({ type: [ContentKnowledgeSourceDto], description: 'Факты базы знаний и их версии' })
  knowledgeSources!: ContentKnowledgeSourceDto[];
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class ContentDraftListQueryDto extends PaginationQueryDto {
  @UuidField({ description: 'Кабинет' }) mpAccountId!: string;
  @EnumField(CONTENT_DRAFT_STATUSES, { optional: true, description: 'Статус' }) status?: ContentDraftStatus;
}

export class ContentAuditQueryDto extends PaginationQueryDto {
  @UuidField({ description: 'Кабинет' }) mpAccountId!: string;
  @QueryIntField({ optional: true, min: 0, max: 100, description: 'Только карточки с оценкой ниже' }) scoreBelow?: number;
}

export class ContentAuditItemDto {
  @ApiProperty() nmId!: number;
  @ApiProperty() vendorCode!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) subjectName!: string | null;
  @ApiProperty({ minimum: 0, maximum: 100 }) score!: number;
  @ApiProperty({ type: [ContentIssueDto] }) issues!: ContentIssueDto[];
}

const CONTENT_INDICATORS = {
  cardsScored: { description: 'Карточки, для которых в окне подготовлены тексты' },
  avgScore: { nullable: true, description: 'Средняя оценка этих карточек до правок; null — карточек не было' },
  drafts: { description: 'Черновики, подготовленные в окне' },
  published: { description: 'Тексты, которые маркетплейс применил в окне' },
  rejectedByMp: { description: 'Тексты, которые маркетплейс отклонил в окне' },
  avgScoreUplift: { nullable: true, description: 'Средний прирост оценки опубликованных текстов; null — публикаций не было' },
} satisfies Record<string, KpiIndicatorDoc>;

export type ContentIndicator = keyof typeof CONTENT_INDICATORS;

export class ContentSummaryDto extends KpiSummaryDto('Content', CONTENT_INDICATORS) {}
