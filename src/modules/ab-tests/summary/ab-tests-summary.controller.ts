import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import { AccountsReader } from '../../../accounts/accounts.reader';
import { CurrentScope, DataScope } from '../../../common/auth/data-scope';
import { AccountScope } from '../../../common/auth/scope.guard';
import { KpiQueryDto } from '../../../common/kpi/kpi-query.dto';
import { summarise } from '../../../common/kpi/kpi-summary';
import { AbTestsSummaryDto } from './ab-tests-summary.dto';
import { AbTestsSummaryRepository } from './ab-tests-summary.repository';

@ApiTags('ab-tests')
@Controller('ab-tests')
export class AbTestsSummaryController {
  constructor(
    private readonly repository: AbTestsSummaryRepository,
    private readonly accounts: AccountsReader,
  ) {}

  @Get('summary')
  @AccountScope({ from: 'query' })
  @ApiOperation({ summary: 'Показатели A/B-тестов за 7 или 30 суток с изменением к предыдущему окну' })
  @ApiOkResponse({ type: AbTestsSummaryDto })
  summary(@CurrentScope() scope: DataScope, @Query() query: KpiQueryDto): Promise<AbTestsSummaryDto> {
    return summarise(
      query,
      (window) => this.repository.indicators(scope, window),
      () => this.accounts.connectedAt(scope.accountId),
    );
  }
}
