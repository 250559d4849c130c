import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsInt, Max, Min } from 'class-validator';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import {
  EnumField,
  Optional,
  QueryIntField,
  SearchTextField,
  StringArrayField,
  StringField,
  UuidField,
} from '../../../common/validation/fields';
import { KB_ARTICLE_STATUSES, KB_ARTICLE_TYPES, KbArticleStatus, KbArticleType } from '../../../database/schema';

/** Spec: Knowledge base, limits of an article. */
export const KB_BODY_MAX_LENGTH = 50_000;
export const KB_TITLE_MAX_LENGTH = 300;
export const KB_NM_IDS_MAX = 100;
export const KB_TAGS_MAX = 20;
export const KB_TAG_MAX_LENGTH = 50;

const TYPE_DESCRIPTION =
  'product_fact — факт о товаре, policy — правило магазина, faq — вопрос и ответ, brand_voice — тон бренда, template — образец ответа, news — новость';
const STATUS_DESCRIPTION = 'draft — черновик, published — опубликована (только она находится поиском), archived — в архиве';
const BRAND_DESCRIPTION = 'Бренд кабинета (id из /brands); без бренда — статья всего кабинета, её пишут только владелец и администратор';

/** The cards an article is about: nmIds of the account, up to KB_NM_IDS_MAX. */
function NmIdsField(options: { optional: boolean }): PropertyDecorator {
  const property = options.optional ? ApiPropertyOptional : ApiProperty;
  return applyDecorators(
    property({
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      maxItems: KB_NM_IDS_MAX,
      description: `Товары (nmId), к которым относится статья, до ${KB_NM_IDS_MAX}; пусто — ко всем товарам бренда или кабинета`,
    }),
    ...(options.optional ? [Optional()] : []),
    IsArray(),
    ArrayMaxSize(KB_NM_IDS_MAX),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(Number.MAX_SAFE_INTEGER, { each: true }),
  );
}

export class KbArticleCreateDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @UuidField({ optional: true, description: BRAND_DESCRIPTION })
  brandId?: string;

  @NmIdsField({ optional: true })
  nmIds?: number[];

  @EnumField(KB_ARTICLE_TYPES, { description: TYPE_DESCRIPTION })
  type!: KbArticleType;

  @StringField({ maxLength: KB_TITLE_MAX_LENGTH, trim: true, description: 'Заголовок' })
  title!: string;

  @StringField({ maxLength: KB_BODY_MAX_LENGTH, description: `Текст статьи в Markdown, до ${KB_BODY_MAX_LENGTH} символов` })
  body!: string;

  @StringArrayField({ optional: true, maxItems: KB_TAGS_MAX, maxLength: KB_TAG_MAX_LENGTH, description: 'Метки' })
  tags?: string[];

  @EnumField(KB_ARTICLE_STATUSES, { optional: true, description: `${STATUS_DESCRIPTION}; по умолчанию draft` })
  status?: KbArticleStatus;
}

/** Any of the fields; each change is a new version of the article. */
export class KbArticleUpdateDto {
  @UuidField({ optional: true, nullable: true, description: `${BRAND_DESCRIPTION}; null — снять бренд` })
  brandId?: string | null;

  @NmIdsField({ optional: true })
  nmIds?: number[];

  @EnumField(KB_ARTICLE_TYPES, { optional: true, description: TYPE_DESCRIPTION })
  type?: KbArticleType;

  @StringField({ optional: true, maxLength: KB_TITLE_MAX_LENGTH, trim: true, description: 'Заголовок' })
  title?: string;

  @StringField({ optional: true, maxLength: KB_BODY_MAX_LENGTH, description: `Текст статьи в Markdown, до ${KB_BODY_MAX_LENGTH} символов` })
  body?: string;

  @StringArrayField({ optional: true, maxItems: KB_TAGS_MAX, maxLength: KB_TAG_MAX_LENGTH, description: 'Метки' })
  tags?: string[];

  @EnumField(KB_ARTICLE_STATUSES, { optional: true, description: STATUS_DESCRIPTION })
  status?: KbArticleStatus;
}

export class KbArticleListQueryDto extends PickType(PaginationQueryDto, ['page', 'limit'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @EnumField(KB_ARTICLE_TYPES, { optional: true, description: 'Только статьи этого типа' })
  type?: KbArticleType;

  @UuidField({ optional: true, description: 'Только статьи этого бренда' })
  brandId?: string;

  @QueryIntField({ optional: true, min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Только статьи об этом товаре' })
  nmId?: number;

  @EnumField(KB_ARTICLE_STATUSES, { optional: true, description: 'Только статьи в этом статусе' })
  status?: KbArticleStatus;

  @SearchTextField('Подстрока заголовка, текста или метки, без учёта регистра')
  q?: string;
}

/** Spec: Knowledge base, Article; a version of it has the same shape with that version's fields. */
export class KbArticleDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Бренд; null — статья всего кабинета' }) brandId!:
    string | null;
  @ApiProperty({ type: [Number], description: 'Товары (nmId); пусто — все товары бренда или кабинета' }) nmIds!: number[];
  @ApiProperty({ enum: KB_ARTICLE_TYPES, description: TYPE_DESCRIPTION }) type!: KbArticleType;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Markdown' }) body!: string;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ enum: KB_ARTICLE_STATUSES, description: STATUS_DESCRIPTION }) status!: KbArticleStatus;
  @ApiProperty({ description: 'Номер версии, с 1; каждое изменение — новая версия' }) version!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty({ description: 'Когда записана эта версия' }) updatedAt!: Date;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Кто написал статью (для версии — эту версию)' })
  createdBy!: string | null;
}
