import { ApiProperty } from '@nestjs/swagger';

import { IntField, NestedArrayField, StringField, UuidField } from '../../../common/validation/fields';
import { SELLER_STOCK_AMOUNT_MAX, SELLER_STOCK_CHRT_IDS_MAX } from '../../../marketplace/endpoints/stock';

export class FbsStockItemDto {
  @StringField({ maxLength: 64, trim: true, description: 'Баркод размера из каталога' })
  sku!: string;

  @IntField({ min: 0, max: SELLER_STOCK_AMOUNT_MAX, description: 'Остаток на складе продавца, шт.' })
  amount!: number;
}

export class FbsStocksUpdateDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @IntField({ min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Склад продавца (номер маркетплейса)' })
  warehouseId!: number;

  @NestedArrayField(() => FbsStockItemDto, { maxItems: SELLER_STOCK_CHRT_IDS_MAX, description: 'До 1000 размеров' })
  stocks!: FbsStockItemDto[];
}

export class FbsStocksUpdateResultDto {
  @ApiProperty() warehouseId!: number;
  @ApiProperty({ description: 'Записано размеров' }) updated!: number;
  @ApiProperty({ description: 'Единиц всего по записанным размерам' }) units!: number;
}
