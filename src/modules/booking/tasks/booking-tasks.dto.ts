import { applyDecorators } from '@nestjs/common';
import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsInt, Max, Min } from 'class-validator';

import { SortablePaginationQueryDto } from '../../../common/http/pagination.dto';
import { DayField } from '../../../common/validation/day-field';
import { EnumField, IntField, NestedArrayField, Optional, StringField, UuidField } from '../../../common/validation/fields';
import { BOOKING_TASK_STATUSES, BookingTaskStatus, BOX_TYPE_IDS, BoxTypeId } from '../../../database/schema/booking';

/** Warehouses a task watches: the coefficients call takes them all in one request. */
export const TASK_WAREHOUSES_MAX = 50;
/** Reference 11.2: the marketplace's own bound on a supply's barcodes list. */
const TASK_BARCODES_MAX = 1000;

/** Distinct FBW warehouse ids, 1 to 50. */
function WarehouseIdsField(options: { optional?: boolean }): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: [Number],
      required: !options.optional,
      minItems: 1,
      maxItems: TASK_WAREHOUSES_MAX,
      uniqueItems: true,
      description: 'Склады WB (warehouseId из GET /booking/warehouses), от 1 до 50',
    }),
    ...(options.optional ? [Optional()] : []),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(TASK_WAREHOUSES_MAX),
    ArrayUnique(),
    IsInt({ each: true }),
    Min(1, { each: true }),
    Max(2_147_483_647, { each: true }),
  );
}

/** Box type 2, 5 or 6, as a JSON integer. */
function BoxTypeField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ enum: BOX_TYPE_IDS, type: 'integer', description: 'Тип поставки: 2 — короба, 5 — монопаллеты, 6 — суперсейф' }),
    IsIn(BOX_TYPE_IDS as unknown as number[]),
  );
}

export class BookingBarcodeDto {
  @StringField({ maxLength: 64, trim: true, description: 'Баркод размера' })
  barcode!: string;

  @IntField({ min: 1, max: 999_999, description: 'Количество единиц' })
  quantity!: number;
}

export class BookingTaskCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @WarehouseIdsField({})
  warehouseIds!: number[];

  @BoxTypeField()
  boxTypeId!: BoxTypeId;

  @DayField({ description: 'Первый день поставки (по Москве), не раньше сегодняшнего' })
  dateFrom!: string;

  @DayField({ description: 'Последний день поставки (по Москве), не раньше dateFrom и не дальше 30 дней от него' })
  dateTo!: string;

  @IntField({ min: 0, max: 20, description: 'Наибольший коэффициент приёмки; 0 — только бесплатная приёмка' })
  maxCoefficient!: number;

  @IntField({ optional: true, min: 0, max: 30, description: 'Не раньше чем через столько дней от сегодняшнего (по умолчанию 1)' })
  minLeadDays?: number;

  @NestedArrayField(() => BookingBarcodeDto, { optional: true, maxItems: TASK_BARCODES_MAX, description: 'Товары поставки' })
  barcodes?: BookingBarcodeDto[];

  @UuidField({
    optional: true,
    description:
      'План поставки кабинета задачи (id из POST /inventory/plans), из строк которого создана задача; чужой или неизвестный — 404',
  })
  planId?: string;
}

/** A partial task; mpAccountId is an unknown field here. */
export class BookingTaskUpdateDto extends PartialType(OmitType(BookingTaskCreateDto, ['mpAccountId'] as const), {
  skipNullProperties: false,
}) {}

export class BookingTaskListQueryDto extends SortablePaginationQueryDto(['createdAt'] as const, {
  sortBy: 'createdAt',
  sortDirection: 'desc',
}) {
  @UuidField()
  mpAccountId!: string;

  @EnumField(BOOKING_TASK_STATUSES, { optional: true, description: 'Только задачи в этом состоянии' })
  status?: BookingTaskStatus;
}

export class BookingTaskResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ type: [Number] }) warehouseIds!: number[];
  @ApiProperty({ enum: BOX_TYPE_IDS, type: 'integer' }) boxTypeId!: BoxTypeId;
  @ApiProperty({ type: 'string', format: 'date' }) dateFrom!: string;
  @ApiProperty({ type: 'string', format: 'date' }) dateTo!: string;
  @ApiProperty() maxCoefficient!: number;
  @ApiProperty() minLeadDays!: number;
  @ApiProperty({ type: [BookingBarcodeDto], nullable: true }) barcodes!: BookingBarcodeDto[] | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) planId!: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Поставка FBW (номер, цифры), запланированная на складе и в день найденного слота: она перевела задачу в booked',
  })
  supplyId!: string | null;
  @ApiProperty({
    enum: BOOKING_TASK_STATUSES,
    description:
      'active — слоты ищутся; matched — найден подходящий слот; booked, accepted — поставка запланирована, принята; paused — на паузе; ' +
      'expired — dateTo прошёл; cancelled — удалена; source_unavailable — маркетплейс не отдаёт коэффициенты приёмки',
  })
  status!: BookingTaskStatus;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}

export class BookingMatchResponseDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'string', format: 'date', description: 'День поставки (по Москве)' }) date!: string;
  @ApiProperty() warehouseId!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Название склада' }) warehouseName!: string | null;
  @ApiProperty({ enum: BOX_TYPE_IDS, type: 'integer' }) boxTypeId!: number;
  @ApiProperty({ description: 'Коэффициент приёмки, когда слот был найден' }) coefficient!: number;
  @ApiProperty({ description: 'Когда слот был найден; слот мог уйти после этого' }) seenAt!: Date;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'С какого момента сервис не ручается за слот: опрос нашёл, что он больше не подходит, или задача перестала искать ' +
      '(пауза, удаление, истечение); null — при последнем опросе слот ещё подходил',
  })
  goneAt!: Date | null;
}
