import { ApiProperty } from '@nestjs/swagger';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { QueryIntField, UuidField } from '../../../common/validation/fields';
import { JobStartedDto } from '../../../queue/job-status.dto';
import { BOOKING_SUPPLY_SORT_FIELDS } from './booking-supplies.repository';

const STATUS_DESCRIPTION =
  '1 — не запланировано, 2 — запланировано, 3 — отгрузка разрешена, 4 — идёт приёмка, 5 — принято, 6 — выгружено на воротах';

export class BookingSyncStartDto {
  @UuidField({ description: 'Кабинет, поставки которого получить с маркетплейса' })
  mpAccountId!: string;
}

export class BookingSyncStartedDto extends JobStartedDto {}

export class BookingSupplyListQueryDto extends SortablePaginationQueryDto(BOOKING_SUPPLY_SORT_FIELDS, {
  sortBy: 'createDate',
  sortDirection: 'desc',
}) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @QueryIntField({ optional: true, min: 1, max: 6, description: `Только поставки в этом статусе: ${STATUS_DESCRIPTION}` })
  status?: number;
}

export class BookingSupplyQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class BookingSupplyDto {
  @ApiProperty({
    nullable: true,
    type: String,
    pattern: '^\\d+$',
    description: 'Номер поставки на маркетплейсе (строкой: до 2^63); null — заказ, ещё не ставший поставкой',
  })
  supplyId!: string | null;
  @ApiProperty({ nullable: true, type: String, pattern: '^\\d+$', description: 'Номер заказа (строкой); null у виртуальных поставок' })
  preorderId!: string | null;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 6, description: STATUS_DESCRIPTION }) status!: number;
  @ApiProperty({ description: 'Статус словами' }) statusName!: string;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Склад назначения; null, пока подробности не получены' })
  warehouseId!: number | null;
  @ApiProperty({ nullable: true, type: String }) warehouseName!: string | null;
  @ApiProperty({ description: 'Когда поставка создана' }) createDate!: Date;
  @ApiProperty({ nullable: true, type: Date, description: 'Плановая дата отгрузки' }) supplyDate!: Date | null;
  @ApiProperty({ nullable: true, type: Date, description: 'Фактическая дата' }) factDate!: Date | null;
  @ApiProperty({ type: 'integer', description: 'Штук в поставке' }) quantity!: number;
  @ApiProperty({ type: 'integer', description: 'Принято штук' }) acceptedQuantity!: number;
  @ApiProperty({ type: 'integer', description: 'Готово к продаже, штук' }) readyForSaleQuantity!: number;
  @ApiProperty({
    nullable: true,
    type: 'integer',
    description: 'Недостача: quantity − acceptedQuantity после приёмки (статус 5), иначе null',
  })
  shortfall!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Предварительная стоимость приёмки, рубли с копейками' })
  acceptanceCost!: number | null;
}

export class BookingSupplyGoodDto {
  @ApiProperty() barcode!: string;
  @ApiProperty({ description: 'Артикул маркетплейса' }) nmId!: number;
  @ApiProperty({ description: 'Артикул продавца' }) vendorCode!: string;
  @ApiProperty({ description: 'Размер продавца' }) techSize!: string;
  @ApiProperty({ type: 'integer' }) quantity!: number;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Принято; null до приёмки' }) acceptedQuantity!: number | null;
  @ApiProperty({ nullable: true, type: 'integer' }) readyForSaleQuantity!: number | null;
}

export class BookingSupplyDetailsDto extends BookingSupplyDto {
  @ApiProperty({ type: [BookingSupplyGoodDto], description: 'Товары поставки, как их дала последняя синхронизация' })
  goods!: BookingSupplyGoodDto[];
}
