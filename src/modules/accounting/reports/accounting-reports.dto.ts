import { ApiProperty, OmitType } from '@nestjs/swagger';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { DayField } from '../../../common/validation/day-field';
import { UuidField } from '../../../common/validation/fields';
import { LEDGER_TYPES, LedgerType, REPORT_KINDS, REPORT_STATES, ReportKind, ReportState } from '../../../database/schema/accounting';
import { JobStartedDto } from '../../../queue/job-status.dto';
import { REPORT_TOTAL_FIELDS, ReportTotalField } from './report-totals';

export class AccountingSyncStartDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @DayField({ optional: true, description: 'Начало периода (по Москве); по умолчанию 90 дней назад, вместе с dateTo' })
  dateFrom?: string;

  @DayField({ optional: true, description: 'Конец периода (по Москве) включительно; по умолчанию сегодня' })
  dateTo?: string;
}

export class AccountingSyncStartedDto extends JobStartedDto {}

export class AccountingReportListQueryDto extends OmitType(PaginationQueryDto, ['sortDirection'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @DayField({ optional: true, description: 'Отчёты, период которых кончается в этот день или позже' })
  dateFrom?: string;

  @DayField({ optional: true, description: 'Отчёты, период которых начинается в этот день или раньше' })
  dateTo?: string;
}

export class AccountingReportQueryDto extends OmitType(PaginationQueryDto, ['sortDirection'] as const) {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;
}

export class ReportTotalsDto {
  @ApiProperty({ description: 'Продажи минус возвраты по розничной цене со скидкой продавца, ₽' }) retail!: number;
  @ApiProperty({ description: 'К перечислению за товар, ₽' }) forPay!: number;
  @ApiProperty({ description: 'Логистика, ₽' }) logistics!: number;
  @ApiProperty({ description: 'Хранение, ₽' }) storage!: number;
  @ApiProperty({ description: 'Платная приёмка, ₽' }) acceptance!: number;
  @ApiProperty({ description: 'Удержания, ₽' }) deduction!: number;
  @ApiProperty({ description: 'Штрафы, ₽' }) penalty!: number;
  @ApiProperty({ description: 'Итого к оплате, ₽' }) bankPayment!: number;
}

export class ReportDifferenceDto {
  @ApiProperty({ enum: REPORT_TOTAL_FIELDS }) field!: ReportTotalField;
  @ApiProperty({ description: 'Итог в отчёте, ₽' }) reportTotal!: number;
  @ApiProperty({ description: 'Сумма по строкам отчёта, ₽' }) rowsTotal!: number;
}

export class AccountingReportDto {
  @ApiProperty({ description: 'Номер отчёта (строка: бывает больше 2^53)' }) id!: string;
  @ApiProperty({ type: 'string', format: 'date' }) dateFrom!: string;
  @ApiProperty({ type: 'string', format: 'date' }) dateTo!: string;
  @ApiProperty({ type: 'string', format: 'date', description: 'Когда маркетплейс сформировал отчёт' }) createDate!: string;
  @ApiProperty({ enum: REPORT_KINDS }) kind!: ReportKind;
  @ApiProperty({ type: ReportTotalsDto }) totals!: ReportTotalsDto;
  @ApiProperty({ description: 'Строк отчёта' }) rowsCount!: number;
  @ApiProperty({
    enum: REPORT_STATES,
    description: 'listed — известны итоги; reconciled — суммы строк равны итогам до копейки; mismatch — есть расхождения',
  })
  state!: ReportState;
  @ApiProperty({ type: [ReportDifferenceDto] }) differences!: ReportDifferenceDto[];
  @ApiProperty({ type: [String], description: 'Виды операций отчёта, которых нет в таблице сопоставления: учтены как other' })
  unmappedOperations!: string[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Когда строки отчёта сверены' })
  detailedAt!: Date | null;
}

export class ReportLineDto {
  @ApiProperty({ enum: LEDGER_TYPES }) type!: LedgerType;
  @ApiProperty({ description: 'Сумма со знаком, ₽' }) amount!: number;
}

export class ReportNmDto {
  @ApiProperty({ type: Number, nullable: true, description: 'Товар; null — операции отчёта без товара' }) nmId!: number | null;
  @ApiProperty({ description: 'Продано минус возвращено, шт.' }) units!: number;
  @ApiProperty({ description: 'Итого по товару, ₽' }) total!: number;
  @ApiProperty({ type: [ReportLineDto] }) lines!: ReportLineDto[];
}

export class AccountingReportDetailDto extends AccountingReportDto {
  @ApiProperty({ type: [ReportLineDto], description: 'Строки P&L отчёта: суммы операций журнала по видам; вместе — итого к оплате' })
  lines!: ReportLineDto[];
  @ApiProperty({ type: [ReportNmDto], description: 'По товарам, страница page/limit, по убыванию оборота' })
  nms!: ReportNmDto[];
  @ApiProperty({ description: 'Товаров (и строка без товара) в отчёте всего' }) nmsTotal!: number;
}
