import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { AccountScope } from '../../../common/auth/scope.guard';
import { JobScope, ScopedJob } from '../../../queue/job-scope';
import type { JobStatus } from '../../../queue/queue.service';
import { IMPORT_JOBS } from './import-jobs';
import {
  DigitizationImportStartDto,
  DigitizationImportStartedDto,
  DigitizationImportStatusDto,
  FinancialReportImportStartDto,
} from './imports.dto';
import { ImportsService } from './imports.service';

const JOB_RULES =
  'Задача в очереди; пока импорт этого вида по кабинету не закончен — его jobId и alreadyRunning. Во время ночного импорта кабинета — 409 CONFLICT. По окончании — уведомление.';

@ApiTags('digitization')
@Controller('digitization')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post('import')
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Импорт заказов, продаж и возвратов кабинета',
    description: `Строки, изменённые с dateFrom; повторный импорт не создаёт дублей и обновляет изменённые суммы. ${JOB_RULES}`,
  })
  @ApiAcceptedResponse({ type: DigitizationImportStartedDto })
  startFeeds(@CurrentUser() user: AuthenticatedUser, @Body() body: DigitizationImportStartDto): Promise<DigitizationImportStartedDto> {
    return this.imports.startFeeds(user, body);
  }

  @Post('financial-report/import')
  @HttpCode(202)
  @AccountScope({ from: 'body' })
  @ApiOperation({
    summary: 'Импорт детального отчёта о реализации за период',
    description: `dateFrom не раньше 2024-01-29, dateTo не раньше dateFrom, период не длиннее REPORT_MAX_PERIOD_DAYS дней, иначе 400 BAD_REQUEST. Отчёт читается страницами по REPORT_PAGE_ROWS строк; ответ маркетплейса той же страницей останавливает импорт с ошибкой. ${JOB_RULES}`,
  })
  @ApiAcceptedResponse({ type: DigitizationImportStartedDto })
  startReport(@CurrentUser() user: AuthenticatedUser, @Body() body: FinancialReportImportStartDto): Promise<DigitizationImportStartedDto> {
    return this.imports.startReport(user, body);
  }

  @Get('import/status/:jobId')
  @JobScope(IMPORT_JOBS, 'Задача импорта не найдена', { visibleTo: 'author' })
  @ApiOperation({
    summary: 'Состояние задачи импорта и её итоги',
    description:
      'Любой задачи импорта, в том числе ночной. Видят автор задачи (для плановой — владелец кабинета) и администратор. ' +
      'Ночной импорт, чей отчёт о реализации не загрузился (например, у ключа нет категории «Финансы»), завершается с ' +
      'загруженными заказами и продажами: result.failed.report — причина, result.message называет незагруженную часть.',
  })
  @ApiOkResponse({ type: DigitizationImportStatusDto })
  status(@ScopedJob() job: JobStatus): Promise<DigitizationImportStatusDto> {
    return this.imports.withTotals(job);
  }
}
