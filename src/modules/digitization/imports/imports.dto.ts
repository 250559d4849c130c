import { ApiProperty } from '@nestjs/swagger';

import { PaginationQueryDto } from '../../../common/http/pagination.dto';
import { EnumField, QueryDateField, UuidField } from '../../../common/validation/fields';
import { IMPORT_RUN_KINDS, IMPORT_RUN_STATES, ImportRunKind, ImportRunState } from '../../../database/schema';
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

export class ImportRunListQueryDto extends PaginationQueryDto {
  @UuidField({ description: 'Кабинет' })
  mpAccountId!: string;

  @EnumField(IMPORT_RUN_STATES, { optional: true, description: 'Только запуски в этом состоянии' })
  state?: ImportRunState;
}

/** One import run of the account (spec: Import routes). */
export class ImportRunDto {
  @ApiProperty({ description: 'Задача; её состояние и итоги — GET /digitization/import/status/:jobId' }) jobId!: string;
  @ApiProperty({
    enum: IMPORT_RUN_KINDS,
    description: 'feeds — заказы и продажи, report — отчёт о реализации, nightly — ночной импорт, increment — плановое обновление',
  })
  kind!: ImportRunKind;
  @ApiProperty({ enum: ['user', 'scheduled'] }) trigger!: 'user' | 'scheduled';
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'Кто запустил; null — по расписанию' })
  userId!: string | null;
  @ApiProperty({ enum: IMPORT_RUN_STATES, description: 'running — идёт (или ждёт повтора), completed — завершён, failed — не завершён' })
  state!: ImportRunState;
  @ApiProperty({ type: String, nullable: true, description: 'Что импорт сделал или почему не завершён; null, пока идёт' })
  message!: string | null;
  @ApiProperty({ description: 'Ночной импорт сохранил заказы и продажи, но отчёт о реализации не загрузился' }) reportFailed!: boolean;
  @ApiProperty() startedAt!: Date;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) finishedAt!: Date | null;
}
