import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { AccountingSummaryDto, AccountingSummaryQueryDto } from './accounting-summary.dto';
import { AccountingSummaryService } from './accounting-summary.service';

@ApiTags('accounting')
@Controller('accounting/reports/summary')
export class AccountingSummaryController {
  constructor(private readonly summaries: AccountingSummaryService) {}

  @Get()
  @AccountScope({ from: 'query', validated: true })
  @ApiOperation({
    summary: 'Финансовая сводка кабинета за 7 или 30 суток с изменением к предыдущему окну',
    description:
      'Деньги окна — итоги P&L (те же определения) за дни окна, выплаты, к перечислению по отчётам реализации; баланс и отчёты с ' +
      'расхождением — на сейчас. …Delta — у денежных показателей. Окно — сутки UTC, как у прочих сводок; операции датированы днями по Москве. ' +
      'Только владелец кабинета и администратор: баланс и выплаты — деньги всего кабинета.',
  })
  @ApiOkResponse({ type: AccountingSummaryDto })
  summary(@CurrentScope() scope: DataScope, @Query() query: AccountingSummaryQueryDto): Promise<AccountingSummaryDto> {
    return this.summaries.summary(scope, query.period);
  }
}
