import { ApiProperty, PickType } from '@nestjs/swagger';

import { PaginationQueryDto, SORT_DIRECTIONS, SortDirection } from '../../../common/http/pagination.dto';
import { EnumField, StringField, UuidField } from '../../../common/validation/fields';

export const PRODUCT_SORT_FIELDS = ['name', 'price', 'discountPercent', 'discountedPrice', 'updatedAt'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

export const DISCOUNT_FILTERS = ['with', 'without'] as const;
export type DiscountFilter = (typeof DISCOUNT_FILTERS)[number];

/** Spec: Other bounds, product search q. */
export const PRODUCT_SEARCH_MAX_LENGTH = 200;

/** Spec: Endpoints, list routes use the pagination envelope. */
export class BrandListQueryDto extends PickType(PaginationQueryDto, ['page', 'limit'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

/** Spec: Catalog routes, query of /catalog/products and /pricing/products; sort and sortDir replace sortBy and sortDirection. */
export class ProductListQueryDto extends PickType(PaginationQueryDto, ['page', 'limit'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @UuidField({ optional: true, description: 'Только товары этого бренда' })
  brandId?: string;

  @StringField({
    optional: true,
    minLength: 0,
    maxLength: PRODUCT_SEARCH_MAX_LENGTH,
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
  @ApiProperty({ description: 'Последнее изменение карточки или цены в сервисе (сортировка updatedAt)' }) updatedAt!: Date;
}

export class BrandItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Товары бренда в каталоге (без удалённых с маркетплейса)' }) productCount!: number;
}
