import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { summarise } from '../../../common/kpi/kpi-summary';
import { DigitizationSummaryDto } from './digitization-summary.dto';
import { DigitizationSummaryRepository } from './digitization-summary.repository';
import { DigitizationReportSummaryDto, DigitizationReportSummaryQueryDto } from './report-summary.dto';
import { ReportSummaryService } from './report-summary.service';

@ApiTags('digitization')
@Controller('digitization')
export class DigitizationSummaryController {
  constructor(
    private readonly repository: DigitizationSummaryRepository,
    private readonly reports: ReportSummaryService,
  ) {}

  @Get('summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Показатели заказов, продаж и возвратов за 7 или 30 суток UTC с изменением к предыдущему окну' })
  @ApiOkResponse({ type: DigitizationSummaryDto })
  summary(@CurrentScope() scope: DataScope, @Query() query: KpiQueryDto): Promise<DigitizationSummaryDto> {
    return summarise(
      query,
      (window) => this.repository.indicators(scope, window),
      () => this.repository.importedSince(scope),
    );
  }

  @Get('financial-report/summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({
    summary: 'Итоги отчёта о реализации за период: всего и по отчётам (неделям)',
    description:
      'Отчёт входит в период, если его первый день в нём. Выручка, комиссия и к перечислению — продажи минус возвраты (по типу документа); ' +
      'логистика, хранение, штрафы и удержания — суммы строк. Дата окончания раньше даты начала — 400 BAD_REQUEST.',
  })
  @ApiOkResponse({ type: DigitizationReportSummaryDto })
  reportSummary(
    @CurrentScope() scope: DataScope,
    @Query() query: DigitizationReportSummaryQueryDto,
  ): Promise<DigitizationReportSummaryDto> {
    return this.reports.summary(scope, query);
  }
}
