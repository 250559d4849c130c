import { ApiProperty } from '@nestjs/swagger';

import { DayField } from '../../../common/validation/day-field';
import { UuidField } from '../../../common/validation/fields';

export class DigitizationReportSummaryQueryDto {
  @UuidField({ description: 'Кабинет' }) mpAccountId!: string;
  @DayField({ description: 'С этого дня: отчёты, первый день которых не раньше' }) dateFrom!: string;
  @DayField({ description: 'По этот день: отчёты, первый день которых не позже' }) dateTo!: string;
}

const MONEY = (description: string) => ({ type: Number, description: `${description}, рубли с копейками` });

export class DigitizationReportTotalsDto {
  @ApiProperty(MONEY('Выручка: розничная сумма продаж (retailAmount) минус возвратов, по типу документа')) revenue!: number;
  @ApiProperty(MONEY('Комиссия маркетплейса (ppvzSalesCommission) с продаж минус с возвратов')) commission!: number;
  @ApiProperty(MONEY('Логистика (deliveryService)')) logistics!: number;
  @ApiProperty(MONEY('Хранение (paidStorage)')) storage!: number;
  @ApiProperty(MONEY('Штрафы (penalty)')) penalties!: number;
  @ApiProperty(MONEY('Удержания (deduction)')) deductions!: number;
  @ApiProperty(MONEY('К перечислению (ppvz_for_pay) за продажи минус за возвраты')) payout!: number;
  @ApiProperty({ description: 'Строки отчёта' }) rows!: number;
}

export class DigitizationReportWeekDto extends DigitizationReportTotalsDto {
  @ApiProperty({ format: 'date', description: 'Первый день отчёта (неделя или сутки)' }) reportDateFrom!: string;
  @ApiProperty({ format: 'date', description: 'Последний день отчёта' }) reportDateTo!: string;
}

export class DigitizationReportSummaryDto {
  @ApiProperty({ format: 'date' }) dateFrom!: string;
  @ApiProperty({ format: 'date' }) dateTo!: string;
  @ApiProperty({ enum: ['RUB'] }) currency!: 'RUB';
  @ApiProperty({ description: 'Когда показатели рассчитаны' }) updatedAt!: Date;
  @ApiProperty({ type: DigitizationReportTotalsDto, description: 'Итого за период' }) total!: DigitizationReportTotalsDto;
  @ApiProperty({ type: [DigitizationReportWeekDto], description: 'По отчётам (неделям), по первому дню отчёта' })
  weeks!: DigitizationReportWeekDto[];
}
