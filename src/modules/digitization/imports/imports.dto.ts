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

/** The report period of a run, as data: the messages do not repeat it, the app formats it. */
export class ImportPeriodDto {
  @ApiProperty({ format: 'date', description: 'Первый день периода отчёта о реализации (московский)' }) dateFrom!: string;
  @ApiProperty({ format: 'date', description: 'Последний день периода' }) dateTo!: string;
  @ApiProperty({ description: 'Период короче недель, ещё не загруженных: раньше отчёта нет или период ограничен по длине' })
  shortened!: boolean;
}

export class ImportFailedPartDto {
  @ApiProperty({ description: 'Почему отчёт о реализации ночного импорта не загрузился' }) report!: string;
}

/** What a finished import returns: its status's result and its notification's payload carry the same fields. */
export class ImportResultDto {
  @ApiProperty({ description: 'Что импорт сделал, готовый текст; даты периода — в period' }) message!: string;
  @ApiProperty({ type: ImportTotalsDto }) totals!: ImportTotalsDto;
  @ApiProperty({ required: false, type: ImportFailedPartDto, description: 'Часть ночного импорта, которая не удалась' })
  failed?: ImportFailedPartDto;
  @ApiProperty({ required: false, type: ImportPeriodDto, description: 'Период отчёта о реализации, если импорт его загружал' })
  period?: ImportPeriodDto;
}

export class DigitizationImportStatusDto extends JobStatusDto {
  @ApiProperty({ nullable: true, type: ImportResultDto, description: 'Итог импорта, когда он завершён' })
  override result: ImportResultDto | null = null;
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
  @ApiProperty({
    nullable: true,
    type: ImportPeriodDto,
    description: 'Период отчёта о реализации; null — только заказы и продажи или период ещё не выбран',
  })
  period!: ImportPeriodDto | null;
  @ApiProperty() startedAt!: Date;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) finishedAt!: Date | null;
}
