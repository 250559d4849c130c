import { ApiProperty } from '@nestjs/swagger';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { BooleanField, SearchTextField, UuidField } from '../../../common/validation/fields';
import { BOX_TYPE_IDS } from '../../../database/schema/booking';

export class BookingWarehouseListQueryDto extends PaginationQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @SearchTextField('Подстрока названия склада без учёта регистра или его номер целиком')
  q?: string;
}

export class BookingWarehouseUpdateDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @BooleanField({ description: 'Избранный склад: в списке первым' })
  favourite!: boolean;
}

export class BookingCoefficientDto {
  @ApiProperty({ type: 'string', format: 'date', description: 'День приёмки (по Москве)' }) date!: string;
  @ApiProperty({ enum: BOX_TYPE_IDS, type: 'integer', description: '2 — короба, 5 — монопаллеты, 6 — суперсейф' }) boxTypeId!: number;
  @ApiProperty({ description: '-1 — приёмки нет, 0 — бесплатная, от 1 — множитель стоимости' }) coefficient!: number;
  @ApiProperty({ description: 'Разгрузка этого типа поставки возможна' }) allowUnload!: boolean;
}

export class BookingWarehouseResponseDto {
  @ApiProperty() warehouseId!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Сортировочный центр' }) isSortingCenter!: boolean;
  @ApiProperty({ type: [Number], description: 'Типы поставки, для которых маркетплейс дал коэффициенты' }) boxTypes!: number[];
  @ApiProperty({ type: [BookingCoefficientDto], description: 'Последние прочитанные коэффициенты; могли измениться после updatedAt' })
  coefficients!: BookingCoefficientDto[];
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'Когда сервис последний раз прочитал коэффициенты склада; null — ещё не читал',
  })
  updatedAt!: Date | null;
  @ApiProperty() favourite!: boolean;
}
