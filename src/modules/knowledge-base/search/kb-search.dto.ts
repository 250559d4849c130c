import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn } from 'class-validator';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { IntField, Optional, StringField, UuidField } from '../../../common/validation/fields';
import { KB_ARTICLE_TYPES, KB_SOURCE_TYPES, KbArticleType, KbSourceType } from '../../../database/schema';
import { INJECTION_SIGNS, InjectionSign } from '../../../shared/autoreply/check/reply-check';

/** Spec: Knowledge base, search: at most this many results, 5 by default. */
export const KB_SEARCH_LIMIT_MAX = 20;
export const KB_SEARCH_LIMIT_DEFAULT = 5;
export const KB_QUERY_MAX_LENGTH = 500;

const SOURCE_TYPE_DESCRIPTION = 'article — статья, document — загруженный документ';

export class KbSearchRequestDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @StringField({
    maxLength: KB_QUERY_MAX_LENGTH,
    trim: true,
    description: 'Запрос: слова в любой форме (русская морфология), опечатки допустимы',
  })
  q!: string;

  @IntField({ optional: true, min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Только сведения об этом товаре и общие (без товаров)' })
  nmId?: number;

  @UuidField({ optional: true, description: 'Только сведения этого бренда и всего кабинета (без бренда)' })
  brandId?: string;

  @ApiPropertyOptional({
    enum: KB_ARTICLE_TYPES,
    isArray: true,
    minItems: 1,
    maxItems: KB_ARTICLE_TYPES.length,
    description: 'Только статьи этих типов',
  })
  @Optional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(KB_ARTICLE_TYPES.length)
  @IsIn(KB_ARTICLE_TYPES, { each: true })
  types?: KbArticleType[];

  @IntField({
    optional: true,
    min: 1,
    max: KB_SEARCH_LIMIT_MAX,
    description: `Сколько результатов, до ${KB_SEARCH_LIMIT_MAX}; по умолчанию ${KB_SEARCH_LIMIT_DEFAULT}`,
  })
  limit?: number;
}

export class KbSearchItemDto {
  @ApiProperty({ enum: KB_SOURCE_TYPES, description: SOURCE_TYPE_DESCRIPTION }) sourceType!: KbSourceType;
  @ApiProperty({ format: 'uuid', description: 'Статья или документ' }) sourceId!: string;
  @ApiProperty({ description: 'Версия статьи (у документа — 1)' }) version!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Фрагмент текста' }) text!: string;
  @ApiProperty({
    description:
      'Оценка от 0 до 1: 0,7 × ранг полнотекстового поиска (ts_rank_cd, нормированный как r / (r + 1)) + 0,3 × триграммное сходство слов запроса с текстом',
  })
  score!: number;
}

export class KbSearchResponseDto {
  @ApiProperty({ type: [KbSearchItemDto], description: 'Лучшие первыми' }) items!: KbSearchItemDto[];
}

export class KbFlaggedQueryDto extends PickType(PaginationQueryDto, ['page', 'limit'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

/** A chunk left out of search and of every prompt: its text looks like instructions to a model. */
export class KbFlaggedChunkDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: KB_SOURCE_TYPES, description: SOURCE_TYPE_DESCRIPTION }) sourceType!: KbSourceType;
  @ApiProperty({ format: 'uuid' }) sourceId!: string;
  @ApiProperty() version!: number;
  @ApiProperty() title!: string;
  @ApiProperty() text!: string;
  @ApiProperty({ description: 'Начало фрагмента в тексте источника (в символах UTF-16)' }) startOffset!: number;
  @ApiProperty({ description: 'Конец фрагмента в тексте источника, не включая' }) endOffset!: number;
  @ApiProperty({ enum: INJECTION_SIGNS, isArray: true, description: 'Признаки инструкций для ИИ' }) signs!: InjectionSign[];
  @ApiProperty() createdAt!: Date;
}
