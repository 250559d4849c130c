import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { DayField } from '../../../common/validation/day-field';
import { DecimalField, EnumField, IntField, QueryIntField, StringField, UuidField } from '../../../common/validation/fields';
import { LEDGER_SOURCES, LEDGER_TYPES, LedgerSource, LedgerType } from '../../../database/schema/accounting';

/** A ledger amount: roubles with kopecks, signed (numeric(14,2) holds it). */
export const LEDGER_AMOUNT_MAX = 1_000_000_000;
const COMMENT_MAX = 500;

export class LedgerListQueryDto extends OmitType(PaginationQueryDto, ['sortDirection'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @DayField({ optional: true, description: 'С этого дня (по Москве) включительно' })
  dateFrom?: string;

  @DayField({ optional: true, description: 'По этот день (по Москве) включительно' })
  dateTo?: string;

  @EnumField(LEDGER_TYPES, { optional: true, description: 'Только операции этого вида' })
  type?: LedgerType;

  @EnumField(LEDGER_SOURCES, { optional: true, description: 'mp_report — отчёты реализации, mp_ads — реклама, manual — введённые вручную' })
  source?: LedgerSource;

  @QueryIntField({ optional: true, min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Только операции этого товара' })
  nmId?: number;
}

export class LedgerCreateDto {
  @UuidField({ description: 'Кабинет; после создания не меняется' })
  mpAccountId!: string;

  @DayField({ description: 'День операции (по Москве)' })
  date!: string;

  @DecimalField({
    min: -LEDGER_AMOUNT_MAX,
    max: LEDGER_AMOUNT_MAX,
    places: 2,
    description: 'Сумма в рублях с копейками: приход положительный, расход отрицательный',
  })
  amount!: number;

  @EnumField(LEDGER_TYPES, { description: 'Вид операции' })
  type!: LedgerType;

  @IntField({ optional: true, nullable: true, min: 1, max: Number.MAX_SAFE_INTEGER, description: 'Товар, к которому относится операция' })
  nmId?: number | null;

  @StringField({ optional: true, minLength: 0, maxLength: COMMENT_MAX, description: `Комментарий, до ${COMMENT_MAX} символов` })
  comment?: string;
}

/** A partial manual transaction; mpAccountId is an unknown field here. */
export class LedgerUpdateDto extends PartialType(OmitType(LedgerCreateDto, ['mpAccountId'] as const), { skipNullProperties: false }) {}

export class LedgerTransactionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) mpAccountId!: string;
  @ApiProperty({ type: 'string', format: 'date', description: 'День операции (по Москве)' }) date!: string;
  @ApiProperty({ type: Number, description: 'Сумма со знаком, рубли с копейками' }) amount!: number;
  @ApiProperty({ enum: LEDGER_TYPES }) type!: LedgerType;
  @ApiProperty({ enum: LEDGER_SOURCES }) source!: LedgerSource;
  @ApiProperty({ type: String, nullable: true, description: 'Отчёт реализации (строка: id больше 2^53)' }) reportId!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Строка отчёта реализации (rrdId, строка: больше 2^53)' })
  rrdId!: string | null;
  @ApiProperty({ type: Number, nullable: true }) nmId!: number | null;
  @ApiProperty({ description: 'Единиц товара: проданных (+) или возвращённых (−) у продаж и возвратов, у других операций 0' })
  quantity!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Рекламная кампания списания' }) advertId!: number | null;
  @ApiProperty({ type: String, nullable: true }) srid!: string | null;
  @ApiProperty() comment!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Кто ввёл операцию (у импортированных null)' })
  createdBy!: string | null;
  @ApiProperty() createdAt!: Date;
  @ApiProperty() updatedAt!: Date;
}
