import { ApiProperty, PickType } from '@nestjs/swagger';

import {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  PaginationQueryDto,
  SORT_DIRECTIONS,
  SortDirection,
} from '../../../common/http/pagination.dto';
import {
  EnumField,
  QueryIntArrayField,
  QueryIntField,
  SEARCH_TEXT_MAX_LENGTH,
  SearchTextField,
  StringField,
  UuidField,
} from '../../../common/validation/fields';

export const PRODUCT_SORT_FIELDS = ['name', 'price', 'discountPercent', 'discountedPrice', 'updatedAt'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

export const DISCOUNT_FILTERS = ['with', 'without'] as const;
export type DiscountFilter = (typeof DISCOUNT_FILTERS)[number];

/** Spec: Endpoints, list routes use the pagination envelope. */
export class BrandListQueryDto extends PickType(PaginationQueryDto, ['page', 'limit'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @SearchTextField('Подстрока названия бренда, без учёта регистра')
  q?: string;
}

/** As many products as one price upload holds (marketplace reference 2.3), so a bulk change's file is checked in one lookup. */
export const PRODUCT_LOOKUP_MAX = 1000;

/**
 * Spec: Catalog routes, query of /catalog/products and /pricing/products; sort and sortDir replace sortBy and sortDirection.
 * limit has no default here: with nmIds the page holds every product looked up.
 */
export class ProductListQueryDto extends PickType(PaginationQueryDto, ['page'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @QueryIntField({
    optional: true,
    min: 1,
    max: PAGE_LIMIT_MAX,
    description: `Размер страницы; по умолчанию ${PAGE_LIMIT_DEFAULT}, а с nmIds — число nmIds, так что все найденные товары на одной странице`,
    example: PAGE_LIMIT_DEFAULT,
  })
  limit?: number;

  @QueryIntArrayField({
    optional: true,
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    maxItems: PRODUCT_LOOKUP_MAX,
    description: `Только эти товары (nmId через запятую: ?nmIds=1,2,3, или параметр повторяется), до ${PRODUCT_LOOKUP_MAX}; больше — 400 VALIDATION_FAILED (arrayMaxSize)`,
  })
  nmIds?: number[];

  @UuidField({ optional: true, description: 'Только товары этого бренда' })
  brandId?: string;

  @StringField({
    optional: true,
    minLength: 0,
    maxLength: SEARCH_TEXT_MAX_LENGTH,
    description: 'Подстрока названия, артикула продавца или nmId, без учёта регистра',
  })
  q?: string;

  @EnumField(DISCOUNT_FILTERS, { optional: true, description: 'with — со скидкой продавца больше 0, without — без неё' })
  discount?: DiscountFilter;

  @EnumField(PRODUCT_SORT_FIELDS, {
    optional: true,
    description: 'Поле сортировки (по умолчанию updatedAt); товары без цены всегда в конце',
  })
  sort: ProductSortField = 'updatedAt';

  @EnumField(SORT_DIRECTIONS, { optional: true, description: 'Направление сортировки (по умолчанию asc для name, иначе desc)' })
  sortDir?: SortDirection;
}

export class ProductItemDto {
  @ApiProperty({ description: 'Артикул маркетплейса' }) nmId!: number;
  @ApiProperty({ description: 'Артикул продавца' }) vendorCode!: string;
  @ApiProperty() title!: string;
  @ApiProperty() brand!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) brandId!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Главное фото' }) photo!: string | null;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Цена до скидки, целые рубли' }) price!: number | null;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Скидка продавца, %' }) discount!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Цена со скидкой, рубли с копейками' }) discountedPrice!: number | null;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Скидка клуба, %' }) clubDiscount!: number | null;
  @ApiProperty({ nullable: true, type: Date, description: 'Когда цена получена с маркетплейса' }) priceUpdatedAt!: Date | null;
  @ApiProperty({ description: 'Изменение цены отправлено и ещё не видно в синхронизации цен' }) pricePending!: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'Себестоимость, действующая сегодня (по Москве), рубли с копейками' })
  costPrice!: number | null;
  @ApiProperty({ description: 'Последнее изменение карточки или цены в сервисе (сортировка updatedAt)' }) updatedAt!: Date;
}

export class BrandItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Товары бренда в каталоге (без удалённых с маркетплейса)' }) productCount!: number;
}
