import { ApiProperty } from '@nestjs/swagger';

import { QueryDateField, UuidField } from '../../../common/validation/fields';
import { JobStatusDto } from '../../../queue/job-status.dto';
import { JobStartedDto } from '../../../queue/job-status.dto';

export class DigitizationImportStartDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @QueryDateField({ description: 'Заказы, продажи и возвраты, изменённые с этого момента (дата или время; без зоны — московское)' })
  dateFrom!: string;
}

export class FinancialReportImportStartDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @QueryDateField({ description: 'Начало периода отчёта о реализации, не раньше 2024-01-29' })
  dateFrom!: string;

  @QueryDateField({ description: 'Конец периода отчёта; период не длиннее REPORT_MAX_PERIOD_DAYS дней' })
  dateTo!: string;
}

export class DigitizationImportStartedDto extends JobStartedDto {}

export class ImportCountsDto {
  @ApiProperty({ description: 'Новых строк' }) inserted!: number;
  @ApiProperty({ description: 'Строк, содержимое которых изменилось' }) updated!: number;
  @ApiProperty({ description: 'Строк, которые уже были такими же' }) unchanged!: number;
}

export class ImportTotalsDto {
  @ApiProperty({ required: false, type: ImportCountsDto, description: 'Заказы' }) orders?: ImportCountsDto;
  @ApiProperty({ required: false, type: ImportCountsDto, description: 'Продажи и возвраты' }) sales?: ImportCountsDto;
  @ApiProperty({ required: false, type: ImportCountsDto, description: 'Строки отчёта о реализации' }) report?: ImportCountsDto;
}

export class DigitizationImportStatusDto extends JobStatusDto {
  @ApiProperty({ type: ImportTotalsDto, description: 'Что импорт записал к этому моменту, по видам данных' })
  totals!: ImportTotalsDto;
}
