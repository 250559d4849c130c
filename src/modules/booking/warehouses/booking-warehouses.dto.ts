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

const rate = (description: string) => ApiProperty({ type: 'number', nullable: true, description });

/** Reference 11.7: the day's rates, the warehouse's coefficients already in them; null where the marketplace gives none. */
export class BookingWarehouseTariffsDto {
  @ApiProperty({ type: 'string', nullable: true, description: 'Валюта тарифов (RUB)' }) currency!: string | null;
  @rate('Логистика короба: первый литр, ₽') boxDeliveryBase!: number | null;
  @rate('Логистика короба: каждый следующий литр, ₽') boxDeliveryLiter!: number | null;
  @rate('Коэффициент логистики коробов склада, %') boxDeliveryCoefficientPercent!: number | null;
  @rate('Хранение короба в день: первый литр, ₽') boxStorageBase!: number | null;
  @rate('Хранение короба в день: каждый следующий литр, ₽') boxStorageLiter!: number | null;
  @rate('Коэффициент хранения коробов склада, %') boxStorageCoefficientPercent!: number | null;
  @rate('Логистика паллеты: первый литр, ₽') palletDeliveryBase!: number | null;
  @rate('Логистика паллеты: каждый следующий литр, ₽') palletDeliveryLiter!: number | null;
  @rate('Коэффициент логистики паллет склада, %') palletDeliveryCoefficientPercent!: number | null;
  @rate('Хранение одной паллеты в день, ₽') palletStorage!: number | null;
  @rate('Коэффициент хранения паллет склада, %') palletStorageCoefficientPercent!: number | null;
  @ApiProperty({ type: 'string', format: 'date-time', description: 'Когда сервис прочитал эти тарифы' }) updatedAt!: Date;
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
  @ApiProperty({
    type: BookingWarehouseTariffsDto,
    nullable: true,
    description:
      'Тарифы коробов и паллет на день, сопоставленные со складом по названию; читаются раз в сутки (по Москве), при ошибке ' +
      'остаются последние прочитанные; null — маркетплейс не давал тарифов этого склада',
  })
  tariffs!: BookingWarehouseTariffsDto | null;
  @ApiProperty() favourite!: boolean;
}
