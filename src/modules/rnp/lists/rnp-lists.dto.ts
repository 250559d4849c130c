import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { DayField } from '../../../common/validation/day-field';
import { DecimalField, EnumField, IntField, NestedArrayField, StringField, UuidField } from '../../../common/validation/fields';
import { RNP_ITEM_STATUSES, RnpItemStatus } from '../../../database/schema/rnp';

/** Items added at once (a file of SKUs), within the 100 KB body limit. */
export const RNP_ITEMS_MAX = 1000;
const NAME_MAX = 100;
const MANAGER_MAX = 100;
const COMMENT_MAX = 500;

export class RnpListCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @StringField({ maxLength: NAME_MAX, trim: true, description: `Название списка, до ${NAME_MAX} символов` })
  name!: string;
}

/** A list's new name; mpAccountId is an unknown field here. */
export class RnpListUpdateDto extends OmitType(RnpListCreateDto, ['mpAccountId'] as const) {}

export class RnpListQueryDto extends OmitType(PaginationQueryDto, ['sortDirection'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class RnpListDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Товаров в списке' }) itemsCount!: number;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class RnpItemFieldsDto {
  @EnumField(RNP_ITEM_STATUSES, {
    description: 'liquidation — распродажа, action — акция, monitoring — наблюдение, completed — завершено, paused — пауза',
  })
  status!: RnpItemStatus;

  @IntField({ optional: true, nullable: true, min: 0, max: 1_000_000, description: 'План заказов в день, штук' })
  planOrdersPerDay?: number | null;

  @IntField({ optional: true, nullable: true, min: 1, max: 10_000_000, description: 'Плановая цена, целые рубли' })
  planPrice?: number | null;

  @DecimalField({ optional: true, min: 0, max: 100, places: 2, description: 'Целевой ДРР (доля рекламных расходов), %' })
  targetDrrPct?: number | null;

  @StringField({ optional: true, minLength: 0, maxLength: MANAGER_MAX, trim: true, description: 'Кто ведёт товар' })
  manager?: string;

  @StringField({ optional: true, minLength: 0, maxLength: COMMENT_MAX, description: `Комментарий, до ${COMMENT_MAX} символов` })
  comment?: string;

  @DayField({ optional: true, nullable: true, description: 'Начало плана (по Москве)' })
  dateFrom?: string | null;

  @DayField({ optional: true, nullable: true, description: 'Конец плана (по Москве), не раньше dateFrom' })
  dateTo?: string | null;
}

export class RnpItemInputDto extends RnpItemFieldsDto {
  @IntField({ min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Артикул маркетплейса' })
  nmId!: number;
}

export class RnpItemsAddDto {
  @NestedArrayField(() => RnpItemInputDto, {
    maxItems: RNP_ITEMS_MAX,
    description: `До ${RNP_ITEMS_MAX} товаров; товар, который уже в списке, получает новые поля`,
  })
  items!: RnpItemInputDto[];
}

/** A partial item; its nmId does not change. */
export class RnpItemUpdateDto extends PartialType(RnpItemFieldsDto, { skipNullProperties: false }) {}

export class RnpItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) listId!: string;
  @ApiProperty() nmId!: number;
  @ApiProperty({ enum: RNP_ITEM_STATUSES }) status!: RnpItemStatus;
  @ApiProperty({ type: 'integer', nullable: true }) planOrdersPerDay!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Целые рубли' }) planPrice!: number | null;
  @ApiProperty({ type: Number, nullable: true }) targetDrrPct!: number | null;
  @ApiProperty() manager!: string;
  @ApiProperty() comment!: string;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) dateFrom!: string | null;
  @ApiProperty({ type: 'string', format: 'date', nullable: true }) dateTo!: string | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class RnpItemsSavedDto {
  @ApiProperty({ description: 'Добавлено или обновлено товаров' }) saved!: number;
}
