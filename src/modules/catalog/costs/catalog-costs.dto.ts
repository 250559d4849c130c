import { ApiProperty } from '@nestjs/swagger';

import { DayField } from '../../../common/validation/day-field';
import { DecimalField, IntField, NestedArrayField, UuidField } from '../../../common/validation/fields';

/** A bulk of cost prices holds as many items as a price upload (1000). */
export const COST_ITEMS_MAX = 1000;
/** Cost prices are roubles with kopecks, up to ten million (numeric(12,2) holds more). */
export const COST_PRICE_MAX = 10_000_000;

const COST_PRICE = { min: 0, max: COST_PRICE_MAX, places: 2, description: 'Себестоимость единицы, рубли с копейками (до 2 знаков)' };
const VALID_FROM = { description: 'С какого дня (по Москве) действует; в один день у товара одна себестоимость' };

export class CostQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class CostSetDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @DecimalField(COST_PRICE)
  costPrice!: number;

  @DayField(VALID_FROM)
  validFrom!: string;
}

export class CostItemDto {
  @IntField({ min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Артикул маркетплейса' })
  nmId!: number;

  @DecimalField(COST_PRICE)
  costPrice!: number;

  @DayField(VALID_FROM)
  validFrom!: string;
}

export class CostBulkDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @NestedArrayField(() => CostItemDto, {
    maxItems: COST_ITEMS_MAX,
    description: `До ${COST_ITEMS_MAX} себестоимостей; пара nmId и validFrom — не больше одного раза`,
  })
  items!: CostItemDto[];
}

export class CostEntryDto {
  @ApiProperty({ description: 'Артикул маркетплейса' }) nmId!: number;
  @ApiProperty({ type: Number, description: 'Себестоимость единицы, рубли с копейками' }) costPrice!: number;
  @ApiProperty({ type: 'string', format: 'date', description: 'С какого дня (по Москве) действует' }) validFrom!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Кто задал её последним' }) updatedBy!: string | null;
  @ApiProperty() updatedAt!: Date;
}

export class CostHistoryDto {
  @ApiProperty({ type: [CostEntryDto], description: 'Все себестоимости товара, новые первыми' }) items!: CostEntryDto[];
  @ApiProperty({ type: Number, nullable: true, description: 'Себестоимость, действующая сегодня (по Москве)' })
  costPrice!: number | null;
}

export class CostBulkResultDto {
  @ApiProperty({ description: 'Сохранено себестоимостей' }) saved!: number;
  @ApiProperty({ type: [CostEntryDto] }) items!: CostEntryDto[];
}
