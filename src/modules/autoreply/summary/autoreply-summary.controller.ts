import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { summarise } from '../../../common/kpi/kpi-summary';
import { AutoreplySummaryDto } from './autoreply-summary.dto';
import { AutoreplySummaryRepository } from './autoreply-summary.repository';

@ApiTags('autoreply')
@Controller('autoreply')
export class AutoreplySummaryController {
  constructor(
    private readonly repository: AutoreplySummaryRepository,
    private readonly accounts: AccountsReader,
  ) {}

  @Get('summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Показатели автоответов за 7 или 30 суток UTC с изменением к предыдущему окну' })
  @ApiOkResponse({ type: AutoreplySummaryDto })
  summary(@CurrentScope() scope: DataScope, @Query() query: KpiQueryDto): Promise<AutoreplySummaryDto> {
    return summarise(
      query,
      (window) => this.repository.indicators(scope, window),
      () => this.accounts.connectedAt(scope.accountId),
    );
  }
}
