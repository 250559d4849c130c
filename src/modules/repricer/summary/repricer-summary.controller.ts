import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { summarise } from '../../../common/kpi/kpi-summary';
import { RepricerSummaryDto } from './repricer-summary.dto';
import { RepricerSummaryRepository } from './repricer-summary.repository';

@ApiTags('repricer')
@Controller('repricer')
export class RepricerSummaryController {
  constructor(
    private readonly repository: RepricerSummaryRepository,
    private readonly accounts: AccountsReader,
  ) {}

  @Get('summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Показатели репрайсера за 7 или 30 суток UTC с изменением к предыдущему окну' })
  @ApiOkResponse({ type: RepricerSummaryDto })
  summary(@CurrentScope() scope: DataScope, @Query() query: KpiQueryDto): Promise<RepricerSummaryDto> {
    return summarise(
      query,
      (window) => this.repository.indicators(scope, window),
      () => this.accounts.connectedAt(scope.accountId),
    );
  }
}
