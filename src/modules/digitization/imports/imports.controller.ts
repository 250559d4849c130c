import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AuthenticatedUser, CurrentUser } from '../../../common/auth/authenticated-user';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { ApiPageResponse, Page } from '../../../common/http/pagination.dto';
import { JobScope, ScopedJob } from '../../../queue/job-scope';
import type { JobStatus } from '../../../queue/queue.service';
import { IMPORT_JOBS } from './import-jobs';
import { IMPORT_RUNS_KEPT_DAYS, ImportRunLog } from './import-run-log.repository';
import {
  DigitizationImportStartDto,
  DigitizationImportStartedDto,
  DigitizationImportStatusDto,
  FinancialReportImportStartDto,
  ImportRunDto,
  ImportRunListQueryDto,
} from './imports.dto';
import { ImportsService } from './imports.service';

const JOB_RULES =
  'Задача в очереди; пока импорт этого вида по кабинету не закончен — его jobId и alreadyRunning. Во время ночного импорта кабинета — 409 CONFLICT. По окончании — уведомление.';

@ApiTags('digitization')
@Controller('digitization')
export class ImportsController {
  constructor(
    private readonly imports: ImportsService,
    private readonly log: ImportRunLog,
  ) {}

  @Get('import/runs')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Запуски импорта кабинета',
    description: `Все виды (пользовательские и плановые), новые первыми, за ${IMPORT_RUNS_KEPT_DAYS} дней. Запуск появляется, когда начинается его работа; плановый, пропущенный из-за занятого кабинета, не появляется. Не завершённые — state=failed.`,
  })
  @ApiPageResponse(ImportRunDto)
  runs(@CurrentScope() scope: DataScope, @Query() query: ImportRunListQueryDto): Promise<Page<ImportRunDto>> {
    return this.log.page(scope.accountId, query);
  }

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
